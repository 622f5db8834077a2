import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadCsvLog, loadCsvLogDecimated } from '../src/index.js';
import { RowDecimator } from '../src/read/decimate-rows.js';
import { tempDir } from './helpers.js';

const cell = fc.oneof(
  { weight: 8, arbitrary: fc.double({ min: -1e6, max: 1e6, noNaN: true }) },
  { weight: 1, arbitrary: fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY) },
);
const table = (width: number) =>
  fc.array(fc.array(cell, { minLength: width, maxLength: width }), { maxLength: 400 });

function decimate(rows: number[][], width: number, target: number) {
  const decimator = new RowDecimator(width, target);
  for (const row of rows) decimator.add(Float64Array.from(row));
  return { ...decimator.finish(), rowsPerBucket: decimator.rowsPerBucket };
}

describe('RowDecimator (M4 over row buckets)', () => {
  it('keeps rows in order, each bucket its first, last, extremes and first gap of every column, within 2× the target buckets', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 16 }), (width, target) =>
        fc.assert(
          fc.property(table(width), (rows) => {
            const { kept, spans } = decimate(rows, width, target);
            expect(spans.length).toBeLessThan(2 * target);
            const indices = kept.map((k) => k.index);
            expect(indices).toEqual([...new Set(indices)].sort((a, b) => a - b));
            for (const k of kept) expect([...k.values]).toEqual(rows[k.index]);
            expect(spans.reduce((n, s) => n + s.end - s.start, 0)).toBe(rows.length);
            for (const span of spans) {
              const inside = kept.filter((k) => k.index >= span.start && k.index < span.end);
              expect(inside[0]?.index).toBe(span.start);
              expect(inside.at(-1)?.index).toBe(span.end - 1);
              for (let c = 0; c < width; c++) {
                const all = rows.slice(span.start, span.end).map((r) => r[c] as number);
                const finite = all.filter(Number.isFinite);
                const shown = inside.map((k) => k.values[c] as number).filter(Number.isFinite);
                if (finite.length > 0) {
                  expect(Math.min(...shown)).toBe(Math.min(...finite));
                  expect(Math.max(...shown)).toBe(Math.max(...finite));
                }
                expect(shown.length < inside.length).toBe(finite.length < all.length); // a gap stays a gap
                expect(span.count[c]).toBe(finite.length);
                expect(span.sum[c]).toBeCloseTo(
                  finite.reduce((a, b) => a + b, 0),
                  6,
                );
              }
            }
          }),
          { numRuns: 20 },
        ),
      ),
      { numRuns: 10 },
    );
  });

  it('keeps every row while the rows are fewer than twice the target', () => {
    fc.assert(
      fc.property(table(2), (rows) => {
        const { kept } = decimate(rows, 2, rows.length);
        expect(kept.map((k) => k.index)).toEqual(rows.map((_, i) => i));
      }),
    );
  });

  it('the restart rule: rows at or after a step logged again are dropped; the rest are kept in order', () => {
    const steps = fc.array(fc.integer({ min: 0, max: 50 }), { maxLength: 300 });
    fc.assert(
      fc.property(steps, fc.integer({ min: 1, max: 8 }), (xs, target) => {
        const decimator = new RowDecimator(1, target);
        const survivors: number[] = [];
        let previous = Number.NaN;
        xs.forEach((x, i) => {
          if (x <= previous) {
            decimator.purgeFrom(0, x);
            while (survivors.length > 0 && (xs[survivors.at(-1) as number] as number) >= x) survivors.pop();
          }
          previous = x;
          decimator.add(Float64Array.of(x));
          survivors.push(i);
        });
        const kept = decimator.finish().kept.map((k) => k.index);
        expect(kept.every((i) => survivors.includes(i))).toBe(true);
        if (xs.length > 0) expect(kept.at(-1)).toBe(xs.length - 1);
        const keptSteps = kept.map((i) => xs[i] as number);
        expect(keptSteps).toEqual([...keptSteps].sort((a, b) => a - b)); // each step drawn once, in order
        expect(new Set(keptSteps).size).toBe(keptSteps.length);
      }),
    );
  });
});

describe('loadCsvLogDecimated', () => {
  it('a small log comes back whole, as loadCsvLog reads it; a long one keeps its extremes and says it decimated', async () => {
    const dir = tempDir();
    const path = join(dir, 'training_log.csv');
    const lines = ['step,reward,loss,note'];
    for (let i = 0; i < 5000; i++)
      lines.push(`${i},${Math.sin(i / 7) * (i === 4321 ? 9 : 1)},${i === 77 ? '' : 1 / (i + 1)},x`);
    writeFileSync(path, `${lines.join('\n')}\n`);
    const whole = await loadCsvLog(path, { columns: ['step', 'reward', 'loss'] });
    const same = await loadCsvLogDecimated(path, { columns: ['step', 'reward', 'loss'], buckets: 4096 });
    expect(same.decimation).toMatchObject({ rows: 5000, kept: 5000, rowsPerBucket: 1 });
    for (const name of ['step', 'reward', 'loss']) expect(same.numeric(name)).toEqual(whole.numeric(name));
    const small = await loadCsvLogDecimated(path, { buckets: 64, restartColumn: 'step' });
    expect(small.decimation.rows).toBe(5000);
    expect(small.rowCount).toBeLessThan(1000);
    const reward = small.numeric('reward');
    expect(Math.max(...reward)).toBe(Math.max(...whole.numeric('reward')));
    expect(Math.min(...reward)).toBe(Math.min(...whole.numeric('reward')));
    expect(small.numeric('loss').some(Number.isNaN)).toBe(true); // the empty cell is still a gap
    expect(small.has('note')).toBe(true);
    expect(() => small.numeric('note')).toThrow(/column "note" is not numeric \(line 2 holds "x"\)/);
    expect(() => small.numeric('nope')).toThrow(/no column "nope"/);
  });
});
