/**
 * One rule for every reader of a CSV's last record without its line end (issue 40): on random small
 * tables (quoted cells with commas, `""` and line ends) cut anywhere in their last record, discoverRuns
 * (`runs`, `export`, `plot`, `report`) keeps the last record exactly when csv-log's follower and
 * wholeLastRecord (`evidence table`) do: in a settled file when its end proves it whole, in a file being
 * written never. Real files in a temp folder.
 */
import { utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { followCsvLog } from '@evidence/csv-log';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { discoverRuns } from '../src/index.js';
import { tempDir } from './helpers.js';

/** A text cell as a writer quotes it: bare when it needs no quote (or by chance), else quoted. */
const note = fc
  .record({
    text: fc.string({ unit: fc.constantFrom('a', 'b', ' ', ',', '"', '\n'), maxLength: 5 }),
    quote: fc.boolean(),
  })
  .map(({ text, quote }) =>
    quote || /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text.trim() === '' ? 'x' : text,
  );
const reward = fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }).map(String);

const table = fc.record({
  // the text cell last (W&B's quoted last cell) or the number last (a bare number never proves its end)
  noteLast: fc.boolean(),
  rows: fc.array(fc.tuple(reward, note), { minLength: 2, maxLength: 6 }),
  /** characters cut from the end, as a fraction of the last record */
  cut: fc.double({ min: 0, max: 1, noNaN: true }),
  settled: fc.boolean(),
});

/** Rows table's rule reads: the follower's complete rows, and its last record when settled and whole. */
async function tableRows(path: string, settled: boolean): Promise<number[]> {
  const tail = followCsvLog(path);
  const rows = [];
  for (let batch = await tail.read(); ; batch = await tail.read()) {
    rows.push(...batch.rows);
    if (!batch.more) break;
  }
  const last = settled ? tail.wholeLastRow() : null;
  if (last) rows.push(last);
  return rows.map((row) => row.step as number);
}

describe('the last record of a CSV without its line end', () => {
  it('is kept by discoverRuns exactly when csv-log (evidence table) keeps it', async () => {
    const dir = tempDir('last-record');
    let n = 0;
    await fc.assert(
      fc.asyncProperty(table, async ({ noteLast, rows, cut, settled }) => {
        const lines = rows.map(([r, text], i) =>
          noteLast ? `${i + 1},${r},${text}` : `${i + 1},${text},${r}`,
        );
        const head = `step,${noteLast ? 'reward,note' : 'note,reward'}\n${lines.slice(0, -1).join('\n')}\n`;
        const last = lines.at(-1) as string;
        const text = head + last.slice(0, last.length - Math.floor(cut * last.length));
        const path = join(dir, `log-${n++}.csv`);
        writeFileSync(path, text);
        // an hour old: nobody appends; a minute ahead (a clock skew): modified 0 s ago, being written
        const at = new Date(Date.now() + (settled ? -3_600_000 : 60_000));
        utimesSync(path, at, at);
        const expected = await tableRows(path, settled);
        const { runs } = await discoverRuns(path);
        const steps = [...(runs[0]?.series.find((s) => s.metric === 'reward')?.steps ?? [])];
        expect(steps, JSON.stringify(text)).toEqual(expected);
      }),
      { numRuns: 150 },
    );
  });
});
