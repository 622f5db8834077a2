/**
 * A column of random doubles, some written as Python's scalar tensors and arrays, with pandas' missing
 * spellings, whitespace padding and a minority of text cells mixed in, reads back to the same doubles
 * (NaN where a value is missing or text) through the whole text, its parsed rows and the streamed file
 * at random chunk sizes; its text cells are counted in one issue.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { csvField, formatNumber } from '../src/cells.js';
import { numericColumns, parseDelimited, readDelimitedColumns, readDelimitedFile } from '../src/delimited.js';
import { tempDir } from './helpers.js';

const dir = tempDir('cells-property');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const NA_SPELLINGS = [
  '',
  '#N/A',
  '#N/A N/A',
  '#NA',
  '-1.#IND',
  '-1.#QNAN',
  '-NaN',
  '-nan',
  '1.#IND',
  '1.#QNAN',
  '<NA>',
  'N/A',
  'NA',
  'NULL',
  'NaN',
  'None',
  'n/a',
  'nan',
  'null',
];

/** How Python may print a number: plain, or inside a scalar tensor or array's repr. */
const printed = fc.constantFrom<((text: string) => string)[]>(
  (t) => t,
  (t) => t,
  (t) => `tensor(${t})`,
  (t) => `tensor(${t}, device='cuda:0')`,
  (t) => `tensor(${t}, grad_fn=<MeanBackward0>)`,
  (t) => `np.float64(${t})`,
  (t) => `np.float32(${t})`,
  (t) => `array(${t}, dtype=float32)`,
);

const pad = fc.constantFrom('', '', ' ', '  ', '\t', ' \t');

type Cell = { kind: 'number' | 'missing' | 'text'; text: string; value: number };

const cell: fc.Arbitrary<Cell> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.tuple(fc.double({ noNaN: true }), printed, pad, pad).map(([value, print, l, r]) => ({
      kind: 'number' as const,
      text: `${l}${print(formatNumber(value))}${r}`,
      value,
    })),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom(...NA_SPELLINGS), pad, pad)
      .map(([na, l, r]) => ({ kind: 'missing' as const, text: `${l}${na}${r}`, value: Number.NaN })),
  },
  {
    weight: 1,
    // text: no number, spelling or repr starts with `q` or `~`; commas and quotes make it a quoted field
    arbitrary: fc
      .tuple(
        fc.constantFrom('q', '~', 'diverged ', 'qtensor('),
        fc.string({ maxLength: 8 }).filter((s) => !/[\r\n]/.test(s)),
      )
      .map(([start, rest]) => ({ kind: 'text' as const, text: `${start}${rest}`, value: Number.NaN })),
  },
);

let n = 0;
describe('a column of numbers with missing spellings, padding and a few text cells', () => {
  it('reads back to its doubles through the whole text, the parsed rows and the stream', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(cell, { minLength: 1, maxLength: 60 }),
        fc.integer({ min: 1, max: 200 }),
        async (cells, chunk) => {
          const numbers = cells.filter((c) => c.kind === 'number').length;
          const texts = cells.filter((c) => c.kind === 'text');
          fc.pre(numbers > texts.length);
          const path = join(dir, `t${n++}.csv`);
          const lines = ['step,value', ...cells.map((c, row) => `${row},${csvField(c.text)}`)];
          const text = `${lines.join('\n')}\n`;
          writeFileSync(path, text);
          const options = { lastLine: 'keep-if-complete' } as const;
          const expected = cells.map((c) => c.value);
          const first = cells.findIndex((c) => c.kind === 'text');
          const issues =
            texts.length === 0
              ? []
              : [
                  `${path}: column "value": ${texts.length} text ${texts.length === 1 ? 'cell' : 'cells'} left out as missing (line ${first + 2}: ${JSON.stringify(texts[0]?.text.slice(0, 40))})`,
                ];
          const whole = readDelimitedColumns(path, text, options);
          const streamed = await readDelimitedFile(path, options, {}, chunk);
          const parsed = parseDelimited(path, text, options);
          const rows = numericColumns(path, parsed);
          for (const [read, said] of [
            [whole.columns, whole.issues],
            [streamed.columns, streamed.issues],
            [rows, parsed.issues],
          ] as const) {
            expect(Array.from(read.get('value') ?? [])).toEqual(expected);
            expect(said).toEqual(issues);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
