import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadCsvLog } from '@evidence/csv-log';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readNumericColumns } from '../src/csv-columns';
import { FIXTURES, tempDir } from './helpers';

const same = (a: ArrayLike<number>, b: ArrayLike<number>) => expect(Array.from(a)).toEqual(Array.from(b));

describe('readNumericColumns (fast path for charts) agrees with @evidence/csv-log', () => {
  for (const name of ['training_log.csv', 'reward_components.csv', 'checkpoint_evals.csv']) {
    it(name, async () => {
      const path = join(FIXTURES, name);
      const [ours, theirs] = await Promise.all([readNumericColumns(path), loadCsvLog(path)]);
      expect(ours.header).toEqual(theirs.header);
      expect(ours.rowCount).toBe(theirs.rowCount);
      for (const column of theirs.header) same(ours.columns[column]!, theirs.numeric(column));
    });
  }

  it('quotes, CRLF, BOM, blank lines, special values and a torn last line', async () => {
    const path = join(tempDir(), 'tricky.csv');
    writeFileSync(
      path,
      '\uFEFFstep,note,reward\r\n1,"a, ""quoted""\nnote",0.5\r\n\r\n2,,nan\r\n3,x,-inf\r\n4,y,True\r\n5,"z",1e-3\r\n6,torn,0.',
    );
    const r = await readNumericColumns(path, ['step', 'reward']);
    expect(r.header).toEqual(['step', 'note', 'reward']);
    same(r.columns.step!, [1, 2, 3, 4, 5]);
    same(r.columns.reward!, [0.5, Number.NaN, Number.NEGATIVE_INFINITY, 1, 0.001]);
  });

  it('random numbers survive the round trip exactly, across chunk boundaries (property)', async () => {
    const dir = tempDir();
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.double(), fc.double({ noNaN: true })), { minLength: 1, maxLength: 200 }),
        fc.integer({ min: 0, max: 3000 }),
        async (rows, padding) => {
          const path = join(dir, 'p.csv');
          const text = (v: number) =>
            Object.is(v, -0)
              ? '-0'
              : Number.isNaN(v)
                ? 'nan'
                : v === Infinity
                  ? 'inf'
                  : v === -Infinity
                    ? '-inf'
                    : String(v);
          // a long text column pushes the numbers across the 1 MB chunk boundary at different offsets
          const filler = 'x'.repeat(padding);
          writeFileSync(
            path,
            `a,pad,b\n${rows.map(([a, b]) => `${text(a)},${filler},${text(b)}`).join('\n')}\n`,
          );
          const r = await readNumericColumns(path, ['a', 'b']);
          same(
            r.columns.a!,
            rows.map(([a]) => a),
          );
          same(
            r.columns.b!,
            rows.map(([, b]) => b),
          );
        },
      ),
      { numRuns: 30 },
    );
  });

  it('short decimals, exponents and odd spellings parse exactly as Number() does (property)', async () => {
    const dir = tempDir();
    const decimal = fc
      .tuple(
        fc.constantFrom('', '-', '+'),
        fc.stringMatching(/^[0-9]{0,18}$/),
        fc.constantFrom('', '.'),
        fc.stringMatching(/^[0-9]{0,18}$/),
        fc.constantFrom('', 'e', 'E', 'e-', 'e+'),
        fc.stringMatching(/^[0-9]{0,3}$/),
      )
      .map(([sign, int, dot, frac, e, exp]) => `${sign}${int}${dot}${frac}${e ? e + exp : ''}`);
    await fc.assert(
      fc.asyncProperty(fc.array(decimal, { minLength: 1, maxLength: 100 }), async (cells) => {
        const path = join(dir, 'n.csv');
        writeFileSync(path, `v,w\n${cells.map((c) => `${c},1`).join('\n')}\n`);
        const r = await readNumericColumns(path, ['v']);
        // the reader's rules: empty → NaN, anything Number() rejects → NaN
        same(
          r.columns.v!,
          cells.map((c) => (c.trim() === '' ? Number.NaN : Number(c))),
        );
      }),
      { numRuns: 200 },
    );
  });

  it('names the file and the column when a wanted column is absent', async () => {
    await expect(readNumericColumns(join(FIXTURES, 'training_log.csv'), ['nope'])).rejects.toThrow(
      /training_log\.csv: no column "nope"/,
    );
  });
});
