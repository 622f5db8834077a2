import { appendFileSync, copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadCsvLog, readCsvLog, TRAINING_LOG_COLUMNS } from '../src/index.js';
import { CHUNK_BYTES, scanCsv } from '../src/read/csv-scan.js';
import { emptyIssues } from '../src/types.js';
import { FIXTURES, tempDir } from './helpers.js';

async function collect(iterable: AsyncIterable<Record<string, unknown>>) {
  const rows: Record<string, unknown>[] = [];
  for await (const row of iterable) rows.push(row);
  return rows;
}

describe('mixed \\r\\n and \\n line ends', () => {
  const dir = tempDir();

  it('a Python (\\r\\n) log with rows appended by a \\n writer reads every row', async () => {
    const path = join(dir, 'python-then-lf.csv');
    copyFileSync(join(FIXTURES, 'training_log.csv'), path);
    const pythonRows = readFileSync(path, 'utf8').split('\r\n').length - 2; // minus header and final ''
    appendFileSync(path, '9001,3.5,0.25,0.5,0.1,0.01,1.5,1e-06,77.5\n9002,3.6,0.24,,0.1,nan,inf,1e-06,78\n');
    for (const columns of [undefined, ['step', 'loss', 'kl']]) {
      const log = await loadCsvLog(path, { columns });
      expect(log.issues).toEqual({ torn: null, skipped: [] });
      expect(log.rowCount).toBe(pythonRows + 2);
      expect([...log.numeric('step').slice(-3)]).toEqual([pythonRows, 9001, 9002]);
      expect([...log.numeric('loss').slice(-2)]).toEqual([0.25, 0.24]);
      expect(log.numeric('kl')[log.rowCount - 1]).toBeNaN();
    }
    const rows = readCsvLog(path);
    const all = await collect(rows);
    expect(rows.issues).toEqual({ torn: null, skipped: [] });
    expect(all.length).toBe(pythonRows + 2);
    expect(all.at(-1)).toEqual({
      step: 9002,
      epoch: 3.6,
      loss: 0.24,
      reward: null,
      reward_std: 0.1,
      kl: Number.NaN,
      grad_norm: Number.POSITIVE_INFINITY,
      learning_rate: 1e-6,
      wall_time_s: 78,
    });
    expect(Object.keys(all[0] ?? {})).toEqual(TRAINING_LOG_COLUMNS);
  });

  it('a \\n log with \\r\\n rows appended, and ends changing row by row, quoted newlines kept', async () => {
    const path = join(dir, 'lf-then-crlf.csv');
    writeFileSync(
      path,
      'step,note,loss\n1,a,0.5\n2,"two\r\nlines",0.4\r\n3,"x\ny",0.3\r\n4,"q""",0.2\n\r\n5,,0.1\r\n',
    );
    const log = await loadCsvLog(path);
    expect(log.issues).toEqual({ torn: null, skipped: [] });
    expect([...log.numeric('step')]).toEqual([1, 2, 3, 4, 5]);
    expect(log.columns.note).toEqual(['a', 'two\r\nlines', 'x\ny', 'q"', null]);
    expect([...log.numeric('loss')]).toEqual([0.5, 0.4, 0.3, 0.2, 0.1]);
    const rows = await collect(readCsvLog(path));
    expect(rows.map((row) => row.note)).toEqual(['a', 'two\r\nlines', 'x\ny', 'q"', null]);
  });

  it('still reports a torn last line (no final newline, or a lone \\r) and wrong widths with line numbers', async () => {
    const cases: [string, { line: number; text: string }][] = [
      ['a,b\r\n1,2\n3,4\r\n5,', { line: 4, text: '5,' }],
      ['a,b\n1,2\r\n3,4\n5,6\r', { line: 4, text: '5,6\r' }],
      ['a,b\n1,2\r\n"3\r\n', { line: 3, text: '"3\r\n' }],
    ];
    for (const [i, [text, torn]] of cases.entries()) {
      const path = join(dir, `torn-${i}.csv`);
      writeFileSync(path, text);
      const log = await loadCsvLog(path);
      expect(log.issues.torn).toEqual(torn);
      expect(log.rowCount).toBe(torn.line - 2);
      const rows = readCsvLog(path);
      expect((await collect(rows)).length).toBe(torn.line - 2);
      expect(rows.issues.torn).toEqual(torn);
    }
    const path = join(dir, 'width.csv');
    writeFileSync(path, 'a,b\r\n1,2\n1,2,3\r\n"x\r\ny",3\n4\r\n5,6\n');
    const log = await loadCsvLog(path, { columns: ['a'] });
    expect(log.columns.a).toEqual(['1', 'x\r\ny', '5']);
    expect(log.issues.skipped.map((s) => s.line)).toEqual([3, 6]);
    await expect(loadCsvLog(path, { strict: true, columns: ['a'] })).rejects.toThrow(
      /width\.csv:3: expected 2/,
    );
  });

  it('line ends, quoted newlines and UTF-8 characters cut by the 1 MiB read chunks', async () => {
    // Each case puts its interesting bytes around the end of one read chunk (chunks are 1 MiB).
    const parts: string[] = [];
    const want: { i: number; note: string }[] = [];
    let bytes = 0;
    let line = 2;
    const push = (text: string, note: string) => {
      parts.push(text);
      bytes += Buffer.byteLength(text);
      want.push({ i: want.length, note });
      line += text.split('\n').length - 1;
    };
    const header = 'i,x,note\n';
    bytes = header.length;
    const fillTo = (boundary: number, room: number) => {
      while (bytes < boundary - room - 60) push(`${want.length},${want.length / 8},plain\n`, 'plain');
    };
    // A row whose `before` ends at byte `boundary - 1` once padded with x's.
    const rowEndingAt = (
      boundary: number,
      before: (pad: string) => string,
      after: string,
      note: (pad: string) => string,
    ) => {
      fillTo(boundary, 100);
      const bare = Buffer.byteLength(before(''));
      const pad = 'x'.repeat(boundary - bytes - bare);
      push(before(pad) + after, note(pad));
    };
    const i = () => `${want.length},${want.length / 8}`;
    rowEndingAt(
      CHUNK_BYTES,
      (p) => `${i()},${p}\r`,
      '\n',
      (p) => p,
    ); // \r | \n
    rowEndingAt(
      2 * CHUNK_BYTES,
      (p) => `${i()},"${p}a\r`,
      '\nb"\n',
      (p) => `${p}a\r\nb`,
    ); // quoted \r | \n
    fillTo(3 * CHUNK_BYTES, 100);
    {
      const prefix = `${i()},`;
      const pad = 'x'.repeat(3 * CHUNK_BYTES - bytes - Buffer.byteLength(prefix) - 1); // é's first byte last
      push(`${prefix}${pad}é€\r\n`, `${pad}é€`);
    }
    rowEndingAt(
      4 * CHUNK_BYTES,
      (p) => `${i()},${p}\n`,
      '',
      (p) => p,
    ); // \n last byte of a chunk
    push(`${i()},"quoted, ""crlf"""\r\n`, 'quoted, "crlf"');
    const tornText = `${want.length},1,cut\r`;
    const path = join(dir, 'chunks.csv');
    writeFileSync(path, header + parts.join('') + tornText);
    const text = readFileSync(path);
    expect(text[CHUNK_BYTES - 1]).toBe(13);
    expect(text[CHUNK_BYTES]).toBe(10);
    expect(text.subarray(2 * CHUNK_BYTES - 2, 2 * CHUNK_BYTES + 1).toString()).toBe('a\r\n');
    expect(text.subarray(3 * CHUNK_BYTES - 1, 3 * CHUNK_BYTES + 1).toString()).toBe('é');
    expect(text[4 * CHUNK_BYTES - 1]).toBe(10);

    const torn = { line, text: tornText };
    const log = await loadCsvLog(path);
    expect(log.issues).toEqual({ torn, skipped: [] });
    expect(log.rowCount).toBe(want.length);
    expect(log.columns.note).toEqual(want.map((w) => w.note));
    expect([...log.numeric('i')]).toEqual(want.map((w) => w.i));
    expect([...log.numeric('x')]).toEqual(want.map((w) => w.i / 8));
    const picked = await loadCsvLog(path, { columns: ['x'] });
    expect([...picked.numeric('x')]).toEqual(want.map((w) => w.i / 8));
    const rows = readCsvLog(path);
    const got = await collect(rows);
    expect(rows.issues).toEqual({ torn, skipped: [] });
    expect(got.map((row) => row.note ?? '')).toEqual(want.map((w) => w.note));
  });
});

// Records of any text, each ended by \n or \r\n at random, read by the shared scanner in chunks of
// 1–64 bytes, so that every byte of the file is at a chunk boundary in some run.
describe('scanCsv (property)', () => {
  const dir = tempDir();
  let n = 0;
  const cellText = fc
    .array(
      fc.oneof(fc.string({ maxLength: 4 }), fc.constantFrom(',', '"', '\r', '\n', '\r\n', 'é', '😀', '1e5')),
      {
        maxLength: 4,
      },
    )
    .map((parts) => parts.join(''));
  // Quoted when it must be, and sometimes when it need not be (RFC 4180 allows both).
  const encode = (cell: string, quote: boolean) =>
    quote || /[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;

  it('returns every record with its line, whatever the line ends and chunk size', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 4 }).chain((width) =>
          fc.record({
            width: fc.constant(width),
            header: fc.array(cellText, { minLength: width, maxLength: width }),
            records: fc.array(
              fc.record({
                cells: fc.array(cellText, { minLength: width, maxLength: width }),
                quote: fc.boolean(),
                eol: fc.constantFrom('\n', '\r\n'),
              }),
              { maxLength: 10 },
            ),
            torn: fc.boolean(),
            bom: fc.boolean(),
            chunkBytes: fc.integer({ min: 1, max: 64 }),
            limit: fc.integer({ min: 0, max: width }),
          }),
        ),
        async ({ width, header, records, torn, bom, chunkBytes, limit }) => {
          // A single empty cell would be a blank line: quote it (as the writer does).
          const line = (cells: string[], quote: boolean) =>
            cells.map((c) => encode(c, quote || (width === 1 && c === ''))).join(',');
          let text = `${bom ? '\uFEFF' : ''}${line(header, true)}\n`;
          const lines: number[] = [];
          let at = 2 + (header.join('').match(/\n/g)?.length ?? 0);
          for (const record of records) {
            lines.push(at);
            at += 1 + (record.cells.join('').match(/\n/g)?.length ?? 0);
            text += line(record.cells, record.quote) + record.eol;
          }
          let tornText: string | null = null;
          if (torn && records.length > 0) {
            const last = records[records.length - 1] as (typeof records)[number];
            text = text.slice(0, -last.eol.length);
            tornText = line(last.cells, last.quote);
            lines.pop();
            at -= 1 + (last.cells.join('').match(/\n/g)?.length ?? 0);
          }
          const path = join(dir, `s${n++}.csv`);
          writeFileSync(path, text);

          const issues = emptyIssues();
          let gotHeader: string[] = [];
          const got: { line: number; width: number; cells: string[] }[] = [];
          await scanCsv(
            path,
            {
              chunkBytes,
              onHeader(names) {
                gotHeader = names;
                return limit;
              },
              onRecord(record) {
                const cells: string[] = [];
                for (let i = 0; i < limit; i++) cells.push(record.text(i));
                got.push({ line: record.line, width: record.width, cells });
              },
            },
            issues,
          );
          expect(gotHeader).toEqual(header);
          // a record whose text is the header's again is a duplicate header, skipped (not a row)
          const again = (record: (typeof records)[number]) =>
            header.some((name) => name !== '') && line(record.cells, record.quote) === line(header, true);
          const kept = (tornText === null ? records : records.slice(0, -1))
            .map((record, i) => ({ line: lines[i], width, cells: record.cells.slice(0, limit), record }))
            .filter(({ record }) => !again(record))
            .map(({ record: _, ...rest }) => rest);
          expect(got).toEqual(kept);
          expect(issues.torn).toEqual(tornText === null ? null : { line: at, text: tornText });
        },
      ),
      { numRuns: 300 },
    );
  });
});
