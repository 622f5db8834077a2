import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CsvRow,
  followCsvLog,
  loadCsvLog,
  type ReadIssues,
  readCsvLog,
  readJsonl,
} from '../src/index.js';
import { tempDir } from './helpers.js';

const dir = tempDir();
let files = 0;
const write = (text: string | Buffer) => {
  const path = join(dir, `log-${files++}.csv`);
  writeFileSync(path, text);
  return path;
};

interface Read {
  rows: CsvRow[];
  issues: ReadIssues;
}

/** What every csv-log reader returns for one file, by the reader's name. */
async function everyReader(path: string): Promise<Record<string, Read>> {
  const iterable = readCsvLog(path);
  const streamed: CsvRow[] = [];
  for await (const row of iterable) streamed.push(row);
  const deduped = readCsvLog(path, { dedupeBy: 'step' });
  const dedupedRows: CsvRow[] = [];
  for await (const row of deduped) dedupedRows.push(row);
  const loaded = await loadCsvLog(path);
  const loadedRows = Array.from({ length: loaded.rowCount }, (_, i) => {
    const row: CsvRow = {};
    for (const name of loaded.header) {
      const column = loaded.columns[name] as Float64Array | (string | null)[];
      row[name] = column[i] as number | string | null;
    }
    return row;
  });
  return {
    readCsvLog: { rows: streamed, issues: iterable.issues },
    'readCsvLog dedupeBy': { rows: dedupedRows, issues: deduped.issues },
    loadCsvLog: { rows: loadedRows, issues: loaded.issues },
    'followCsvLog, one read': await follow(path, undefined),
    'followCsvLog, 7 bytes a read': await follow(path, 7),
  };
}

async function follow(path: string, maxBytesPerRead: number | undefined): Promise<Read> {
  const follower = followCsvLog(path, { maxBytesPerRead });
  const rows: CsvRow[] = [];
  const skipped: ReadIssues['skipped'] = [];
  for (let more = true; more; ) {
    const batch = await follower.read();
    rows.push(...batch.rows);
    skipped.push(...batch.skipped);
    more = batch.more;
  }
  return { rows, issues: { torn: follower.torn, skipped } };
}

describe('a row torn at any byte is never data, for every csv-log reader', () => {
  const head = 'step,loss,note\n1,0.9,ok\n2,0.8,"a ""quoted"", one\nline"\n';
  const headRows = [
    { step: 1, loss: 0.9, note: 'ok' },
    { step: 2, loss: 0.8, note: 'a "quoted", one\nline' },
  ];
  // A traceback whose lines look like rows of the log (same width, numbers in the loss column).
  const last = '4,0.6,"traceback:\r\n99,1000000000,x\n100,""2"",y\n"\n';

  it('every cut of a quoted multi-line row: the whole rows before it, and the cut text as torn at its first line', async () => {
    for (let cut = 1; cut < last.length; cut++) {
      const torn = last.slice(0, cut);
      const path = write(head + torn);
      for (const [reader, read] of Object.entries(await everyReader(path))) {
        expect(read, `${reader}, cut at ${cut}`).toEqual({
          rows: headRows,
          issues: { torn: { line: 5, text: torn }, skipped: [] },
        });
      }
    }
    const whole = await everyReader(write(head + last));
    for (const [reader, read] of Object.entries(whole)) {
      expect(
        read.rows.map((row) => row.loss),
        reader,
      ).toEqual([0.9, 0.8, 0.6]);
      expect(read.issues, reader).toEqual({ torn: null, skipped: [] });
    }
  });

  it('a last line without its line end is torn whatever its field count (`1000,1` of `1000,1009.5`)', async () => {
    const path = write('step,reward\n1,5\n1000,1');
    for (const [reader, read] of Object.entries(await everyReader(path))) {
      expect(read, reader).toEqual({
        rows: [{ step: 1, reward: 5 }],
        issues: { torn: { line: 3, text: '1000,1' }, skipped: [] },
      });
    }
  });

  it('readJsonl: a last line cut at any byte is torn, never a record', async () => {
    const whole = '{"cumulative_reward": 1.5, "note": "a\\nb"}\n';
    const last = '{"cumulative_reward": 2, "steps": [{"action": "x", "reward": NaN}]}';
    for (let cut = 1; cut <= last.length; cut++) {
      const path = join(dir, `cut-${cut}.jsonl`);
      writeFileSync(path, whole + last.slice(0, cut));
      const read = await readJsonl(path);
      expect(read.records, `cut at ${cut}`).toEqual([{ cumulative_reward: 1.5, note: 'a\nb' }]);
      expect(read.issues, `cut at ${cut}`).toEqual({
        torn: { line: 2, text: last.slice(0, cut) },
        skipped: [],
      });
    }
  });
});

// Cells with every character that matters to a record's end: commas, quotes, both line ends,
// multi-byte UTF-8, and lines that look like rows of the log (so a torn cell's text could pass for rows).
const unit = fc.constantFrom('1', '.', ',', '"', '\n', '\r\n', 'a', 'é', '𝄞', 'nan', '\n5,x\n', '\n6,"y"\n');
// Led by a letter, so every reader returns the note as the same text.
const cell = fc.string({ unit, maxLength: 6 }).map((text) => `a${text}`);
const quote = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

describe('property: whole rows, then any prefix of one more row', () => {
  it('every reader returns exactly the whole rows; the prefix is torn, at the line where its row starts', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.nat(1000), cell), { maxLength: 6 }),
        fc.tuple(fc.nat(1000), cell),
        fc.nat(),
        async (rows, extra, at) => {
          const line = ([step, note]: [number, string]) => `${step},${quote(note)}\n`;
          const body = rows.map(line).join('');
          const lastRow = Buffer.from(line(extra));
          const cut = 1 + (at % (lastRow.length - 1)); // a byte, 1 ≤ cut < length
          const torn = lastRow.subarray(0, cut);
          const path = write(Buffer.concat([Buffer.from(`step,note\n${body}`), torn]));
          const expected = rows.map(([step, note]) => ({ step, note }));
          const firstLine = 2 + (body.match(/\n/g)?.length ?? 0);
          for (const [reader, read] of Object.entries(await everyReader(path))) {
            if (reader === 'readCsvLog dedupeBy') continue; // keeps only the last of a repeated step
            expect(read.rows, reader).toEqual(expected);
            expect(read.issues, reader).toEqual({
              torn: { line: firstLine, text: torn.toString('utf8') },
              skipped: [],
            });
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
