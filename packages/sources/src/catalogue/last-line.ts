/**
 * A last line without a line end: data, or a line being written? An export (W&B) ends without one and
 * its last row is data; an append-only log (ours, a trainer still running) may be cut mid-line. The
 * rule is csv-log's, for every reader (see endsWholeRecord): kept only when its end proves the record
 * ended there (a last cell closed by its quote, a JSON object closed by its brace) in a file nobody is
 * appending to; our own logs and a file modified in the last seconds are torn. Each says which applied.
 */
import { ACTIVE_SECONDS } from '@evidence/csv-log';
import type { Sniff } from './sniff.js';

export { ACTIVE_SECONDS };

export interface LastLineRule {
  lastLine: 'torn' | 'keep-if-complete';
  lastLineWhy: string;
}

export function lastLineRule(sniff: Pick<Sniff, 'mtimeMs'>, now: number, own = false): LastLineRule {
  if (own) return { lastLine: 'torn', lastLineWhy: "evidence's own append-only log" };
  const age = Math.max(0, (now - sniff.mtimeMs) / 1000);
  if (age < ACTIVE_SECONDS)
    return {
      lastLine: 'torn',
      lastLineWhy: `the file was modified ${age.toFixed(0)} s ago, it may be being written`,
    };
  return {
    lastLine: 'keep-if-complete',
    lastLineWhy: `the file was last modified ${age >= 120 ? `${Math.round(age / 60)} min` : `${age.toFixed(0)} s`} ago (nobody is appending)`,
  };
}
