/**
 * A table read as a stream (readDelimitedFile, a chunk at a time, cut after its last complete row) gives
 * what its whole text gives (readDelimitedColumns): on random tables with chunk boundaries anywhere,
 * inside quoted fields, multi-line cells, `""` escapes, stray quotes, multi-byte UTF-8 characters,
 * `\r\n` line ends, comments, blank lines, a byte-order mark and a last line without its end.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { readDelimitedColumns, readDelimitedFile, rowsEnd } from '../src/delimited.js';

const dir = mkdtempSync(join(tmpdir(), 'evidence-delimited-stream-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const cell = fc.oneof(
  fc.constantFrom('"two\nlines"', '"x\r\n""y""\n,z"', '"a"'),
  fc.double({ noNaN: true }).map(String),
  fc.integer().map(String),
  fc.constantFrom(
    '',
    'nan',
    '-inf',
    ' 2.5 ',
    'text',
    'é漢😀',
    '"quoted, cell"',
    '"two\nlines"',
    '"a ""b"" c"',
    'stray"quote',
    '"closed" then',
    '"ü,\r\nß"',
  ),
);
const table = fc.integer({ min: 1, max: 5 }).chain((width) =>
  fc.record({
    header: fc.array(fc.constantFrom('step', 'reward', 'loss', 'seed', 'naïve', '"q,h"'), {
      minLength: width,
      maxLength: width,
    }),
    rows: fc.array(fc.array(cell, { minLength: width - 1, maxLength: width + 1 }), {
      minLength: 40,
      maxLength: 160,
    }),
    comments: fc.array(fc.constantFrom('# made by a test', '# "odd quote', '#'), { maxLength: 3 }),
    blank: fc.integer({ min: -1, max: 20 }),
    lineEnd: fc.constantFrom('\n', '\r\n'),
    lastLineEnd: fc.boolean(),
    bom: fc.boolean(),
    delimiter: fc.constantFrom(',', '\t', ';', undefined),
    lastLine: fc.constantFrom('torn' as const, 'keep-if-complete' as const),
    // a chunk of a few bytes is an async read per few bytes: one table in eight is read so, the rest in
    // uniform sizes up to 96 (fast-check's bias to small integers made this test take a minute on CI)
    chunk: fc.oneof(
      { arbitrary: fc.integer({ min: 1, max: 4 }), weight: 1 },
      { arbitrary: fc.noBias(fc.integer({ min: 5, max: 96 })), weight: 7 },
    ),
  }),
);

let file = 0;
describe('readDelimitedFile', () => {
  it('reads a file in chunks as readDelimitedColumns reads its whole text', async () => {
    await fc.assert(
      fc.asyncProperty(table, async (t) => {
        const sep = t.delimiter ?? ',';
        const lines = [t.header.join(sep), ...t.rows.map((row) => row.join(sep))];
        if (t.blank >= 0) lines.splice(Math.min(t.blank, lines.length), 0, sep.repeat(2));
        const text = `${t.bom ? '\ufeff' : ''}${[...t.comments, ...lines].join(t.lineEnd)}${t.lastLineEnd ? t.lineEnd : ''}`;
        const path = join(dir, `t${file++}.csv`);
        writeFileSync(path, text);
        const options = { lastLine: t.lastLine, ...(t.delimiter ? { delimiter: t.delimiter } : {}) };
        const whole = readDelimitedColumns(path, text, options);
        const streamed = await readDelimitedFile(path, options, {}, t.chunk);
        expect(streamed).toEqual(whole);
      }),
      { numRuns: 200 },
    );
  });

  it('keeps what skip and onRow see the same in a stream', async () => {
    const rows = Array.from({ length: 300 }, (_, i) => `${i % 3},${i},"r ${i}"`);
    const text = `seed,step,note\n${rows.join('\n')}\n`;
    const path = join(dir, 'take.csv');
    writeFileSync(path, text);
    const seen = (into: string[][]) => ({
      skip: (_name: string, index: number) => index === 0,
      onRow: (field: (i: number) => string) => into.push([field(0), field(1), field(2)]),
    });
    const a: string[][] = [];
    const b: string[][] = [];
    const whole = readDelimitedColumns(path, text, { lastLine: 'torn' }, seen(a));
    const streamed = await readDelimitedFile(path, { lastLine: 'torn' }, seen(b), 7);
    expect(streamed).toEqual(whole);
    expect(b).toEqual(a);
    expect([...streamed.columns.keys()]).toEqual(['step']);
  });
});

describe('rowsEnd', () => {
  it('never cuts inside a quoted field', () => {
    expect(rowsEnd('a,b\n1,"x\ny"\n2,', ',')).toBe('a,b\n1,"x\ny"\n'.length);
    expect(rowsEnd('a,b\n1,"x\n', ',')).toBe('a,b\n'.length);
    expect(rowsEnd('a,b\n1,"x""\ny"', ',')).toBe('a,b\n'.length);
    // a stray quote inside an unquoted field opens nothing
    expect(rowsEnd('a,b\n1,x"y\n2,3', ',')).toBe('a,b\n1,x"y\n'.length);
    // a quote followed by text is not a closing one (papaparse reads on to the next)
    expect(rowsEnd('a\n"x"y\nz"\n', ',')).toBe('a\n"x"y\nz"\n'.length);
    expect(rowsEnd('# a "comment\nx\n', ',')).toBe('# a "comment\nx\n'.length);
  });
});
