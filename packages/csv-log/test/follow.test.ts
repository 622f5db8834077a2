import { appendFileSync, renameSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CsvFormatError,
  type CsvLogFollower,
  type CsvRow,
  followCsvLog,
  loadCsvLog,
  type ReadIssues,
  readCsvLog,
} from '../src/index.js';
import { tempDir } from './helpers.js';

const dir = tempDir();
let fileCount = 0;
const freshPath = () => join(dir, `log-${fileCount++}.csv`);

/** What one read of the whole file returns. */
async function readWhole(path: string) {
  const reader = readCsvLog(path);
  const rows: CsvRow[] = [];
  for await (const row of reader) rows.push(row);
  const issues: ReadIssues = reader.issues;
  const { header } = await loadCsvLog(path);
  return { header, rows, skipped: issues.skipped, torn: issues.torn };
}

/** Appends `bytes` cut at `cuts`, reading (until caught up) after every append. */
async function readInPieces(path: string, bytes: Buffer, cuts: number[], maxBytesPerRead?: number) {
  writeFileSync(path, '');
  const follower = followCsvLog(path, maxBytesPerRead === undefined ? {} : { maxBytesPerRead });
  const rows: CsvRow[] = [];
  const skipped: ReadIssues['skipped'] = [];
  let from = 0;
  for (const cut of [...cuts, bytes.length]) {
    appendFileSync(path, bytes.subarray(from, cut));
    from = cut;
    for (let more = true; more; ) {
      const batch = await follower.read();
      expect(batch.restarted).toBe(false);
      rows.push(...batch.rows);
      skipped.push(...batch.skipped);
      more = batch.more;
    }
  }
  return { header: follower.header ?? [], rows, skipped, torn: follower.torn, follower };
}

async function expectSameAsWholeRead(bytes: Buffer, cuts: number[], maxBytesPerRead?: number) {
  const path = freshPath();
  writeFileSync(path, bytes);
  const whole = await readWhole(path);
  const pieces = await readInPieces(path, bytes, cuts, maxBytesPerRead);
  expect({ ...pieces, follower: undefined }).toEqual({ ...whole, follower: undefined });
  expect(pieces.follower.skippedCount).toBe(whole.skipped.length);
  return whole;
}

const quote = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);
// Commas, quotes, both line ends, 2-, 3- and 4-byte UTF-8, numbers and nan: every boundary a cut can land on.
const unit = fc.constantFrom('a', '1', '.', '-', ',', '"', '\n', '\r', ' ', 'é', '€', '𝄞', 'nan', 'True');
const cell = fc.string({ unit, maxLength: 5 });

const csvFile = fc
  .record({
    width: fc.integer({ min: 1, max: 4 }),
    bom: fc.boolean(),
    rows: fc.array(fc.record({ extra: fc.integer({ min: -1, max: 1 }), crlf: fc.boolean() }), {
      maxLength: 10,
    }),
    // A torn last line, or any junk after the last record (a quote that never closes included: a
    // whole read and a follower both hold it back as torn).
    tail: fc.string({ unit, maxLength: 8 }),
  })
  .chain(({ width, bom, rows, tail }) =>
    fc
      .tuple(
        ...rows.map(({ extra }) =>
          fc.array(cell, {
            // mostly the header's width; sometimes one field too few or too many
            minLength: Math.max(1, width + (extra === 0 ? 0 : extra)),
            maxLength: Math.max(1, width + (extra === 0 ? 0 : extra)),
          }),
        ),
      )
      .map((cells) => {
        const header = Array.from({ length: width }, (_, i) => `c${i}`).join(',');
        const lines = cells.map((row, i) => row.map(quote).join(',') + (rows[i]?.crlf ? '\r\n' : '\n'));
        return Buffer.from(`${bom ? '\uFEFF' : ''}${header}\n${lines.join('')}${tail}`);
      }),
  );

describe('followCsvLog', () => {
  it('reads exactly the rows, skips and torn line of one whole read, however the file is cut into appends', async () => {
    await fc.assert(
      fc.asyncProperty(
        csvFile.chain((bytes) =>
          fc.tuple(
            fc.constant(bytes),
            fc
              .uniqueArray(fc.integer({ min: 0, max: bytes.length }), { maxLength: 12 })
              .map((cuts) => cuts.sort((a, b) => a - b)),
            fc.option(fc.integer({ min: 1, max: 40 }), { nil: undefined }),
          ),
        ),
        async ([bytes, cuts, maxBytesPerRead]) => {
          await expectSameAsWholeRead(bytes, cuts, maxBytesPerRead);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('appended one byte at a time: inside \\r\\n, inside quotes, inside multi-byte characters', async () => {
    const text =
      '\uFEFFstep,note,loss\r\n1,"a, ""b""\r\nc",0.5\r\n2,é€𝄞,nan\n\n3,"",-inf\r\n4,x,True\n5,torn';
    const bytes = Buffer.from(text);
    const everyByte = Array.from({ length: bytes.length - 1 }, (_, i) => i + 1);
    const whole = await expectSameAsWholeRead(bytes, everyByte);
    expect(whole.header).toEqual(['step', 'note', 'loss']);
    expect(whole.rows).toEqual([
      { step: 1, note: 'a, "b"\r\nc', loss: 0.5 },
      { step: 2, note: 'é€𝄞', loss: Number.NaN },
      { step: 3, note: null, loss: Number.NEGATIVE_INFINITY },
      { step: 4, note: 'x', loss: true },
    ]);
    expect(whole.torn).toEqual({ line: 8, text: '5,torn' });
    // and cut in two at every byte
    for (const cut of everyByte) await expectSameAsWholeRead(bytes, [cut]);
  });

  it('holds a torn line back until its newline arrives; skips wrong-width rows with their line numbers', async () => {
    const path = freshPath();
    writeFileSync(path, 'step,loss\r\n1,0.5\r\n\r\n2,0.25,9\n3,"x\ny"\n4,0.1');
    const follower = followCsvLog(path);
    const first = await follower.read();
    expect(first.header).toEqual(['step', 'loss']);
    expect(first.rows).toEqual([
      { step: 1, loss: 0.5 },
      { step: 3, loss: 'x\ny' },
    ]);
    expect(first.skipped).toEqual([{ line: 4, reason: 'expected 2 fields (as in the header), found 3' }]);
    expect(follower.torn).toEqual({ line: 7, text: '4,0.1' });
    expect(follower.skippedCount).toBe(1);

    expect(await follower.read()).toEqual({
      missing: false,
      restarted: false,
      header: null,
      rows: [],
      skipped: [],
      more: false,
    });
    appendFileSync(path, '5\n5,0.05,x,y\n');
    const second = await follower.read();
    expect(second.rows).toEqual([{ step: 4, loss: 0.15 }]);
    expect(second.skipped).toEqual([{ line: 8, reason: 'expected 2 fields (as in the header), found 4' }]);
    expect(follower.torn).toBeNull();
    expect(follower.skippedCount).toBe(2);
    expect(follower.header).toEqual(['step', 'loss']);
  });

  it('reads a large backlog in batches of at most maxBytesPerRead', async () => {
    const path = freshPath();
    const lines = Array.from({ length: 1000 }, (_, i) => `${i},${i / 8}\n`).join('');
    writeFileSync(path, `step,loss\n${lines}`);
    const follower = followCsvLog(path, { maxBytesPerRead: 1000 });
    const steps: unknown[] = [];
    let reads = 0;
    for (let more = true; more; reads++) {
      const batch = await follower.read();
      steps.push(...batch.rows.map((row) => row.step));
      more = batch.more;
    }
    expect(steps).toEqual(Array.from({ length: 1000 }, (_, i) => i));
    expect(reads).toBe(Math.ceil(Buffer.byteLength(`step,loss\n${lines}`) / 1000));
  });

  it('starts over when the file is truncated', async () => {
    const path = freshPath();
    writeFileSync(path, 'a,b\n1,2\n3,4\n');
    const follower = followCsvLog(path);
    expect((await follower.read()).rows).toHaveLength(2);
    truncateSync(path, 0);
    appendFileSync(path, 'x\n9\n');
    const batch = await follower.read();
    expect(batch.restarted).toBe(true);
    expect(batch.header).toEqual(['x']);
    expect(batch.rows).toEqual([{ x: 9 }]);
    expect(follower.header).toEqual(['x']);
  });

  it('starts over when the file is replaced, even by a longer one (rename over it)', async () => {
    const path = freshPath();
    writeFileSync(path, 'a,b\n1,2\n3,4');
    const follower = followCsvLog(path);
    await follower.read();
    expect(follower.torn).toEqual({ line: 3, text: '3,4' });
    const next = `${path}.next`;
    writeFileSync(next, 'step,loss,reward\n10,0.5,1\n11,0.4,2\n');
    renameSync(next, path);
    const batch = await follower.read();
    expect(batch.restarted).toBe(true);
    expect(batch.header).toEqual(['step', 'loss', 'reward']);
    expect(batch.rows).toEqual([
      { step: 10, loss: 0.5, reward: 1 },
      { step: 11, loss: 0.4, reward: 2 },
    ]);
    expect(follower.torn).toBeNull();
  });

  it('waits for a file that does not exist yet, and for one that is removed and created again', async () => {
    const path = freshPath();
    const follower: CsvLogFollower = followCsvLog(path);
    const absent = await follower.read();
    expect(absent).toMatchObject({ missing: true, restarted: false, rows: [] });
    expect(follower.header).toBeNull();
    writeFileSync(path, 'step,lo');
    expect(await follower.read()).toMatchObject({ missing: false, restarted: false, header: null, rows: [] });
    expect(follower.torn).toEqual({ line: 1, text: 'step,lo' });
    appendFileSync(path, 'ss\n1,0.5\n');
    const first = await follower.read();
    expect(first).toMatchObject({
      restarted: false,
      header: ['step', 'loss'],
      rows: [{ step: 1, loss: 0.5 }],
    });

    rmSync(path);
    expect(await follower.read()).toMatchObject({ missing: true, rows: [] });
    writeFileSync(path, 'step,loss\n1,0.5\n2,0.25\n');
    const again = await follower.read();
    expect(again.restarted).toBe(true);
    expect(again.rows).toEqual([
      { step: 1, loss: 0.5 },
      { step: 2, loss: 0.25 },
    ]);
  });

  it('strict: a wrong-width row is a CsvFormatError naming file and line', async () => {
    const path = freshPath();
    writeFileSync(path, 'a,b\n1,2\n3\n');
    const follower = followCsvLog(path, { strict: true });
    const error = await follower.read().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CsvFormatError);
    expect(error).toMatchObject({ file: path, line: 3 });
    // the same error again, not the rows before it a second time
    await expect(follower.read()).rejects.toMatchObject({ file: path, line: 3 });
    writeFileSync(path, 'a,b\n1,2\n');
    expect((await follower.read()).rows).toEqual([{ a: 1, b: 2 }]);
  });
});
