/**
 * A last line without a line end: data, or a line being written? An export (W&B, pandas, many tools)
 * ends without one and its last row is data; an append-only log (ours, a trainer still running) may be
 * cut mid-line. The rule: kept when complete (every field, quotes closed) in a file nobody is appending
 * to; our own logs and a file modified in the last seconds keep the torn rule. Each says which applied.
 */
import type { Sniff } from './sniff.js';

export interface LastLineRule {
  lastLine: 'torn' | 'keep-if-complete';
  lastLineWhy: string;
}

/** A file written this recently may be half-way through a line. */
export const ACTIVE_SECONDS = 10;

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
