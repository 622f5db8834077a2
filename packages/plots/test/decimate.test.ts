import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Chart } from '../src/chart.js';
import { decimate } from '../src/decimate.js';
import { encodeChart } from '../src/render.js';
import { diffImages } from './helpers.js';

/** min and max of y per pixel column, from the raw points */
function envelope(x: ArrayLike<number>, y: ArrayLike<number>, x0: number, width: number, columns: number) {
  const lo = new Float64Array(columns).fill(Number.POSITIVE_INFINITY);
  const hi = new Float64Array(columns).fill(Number.NEGATIVE_INFINITY);
  for (let i = 0; i < x.length; i++) {
    const yi = y[i] as number;
    if (!Number.isFinite(yi)) continue;
    const c = Math.floor(((x[i] as number) - x0) / width);
    if (yi < (lo[c] as number)) lo[c] = yi;
    if (yi > (hi[c] as number)) hi[c] = yi;
  }
  return { lo, hi };
}

describe('decimate', () => {
  it('10,000,000 points: the same min/max per pixel column as the raw data, first and last kept', () => {
    const n = 10_000_000;
    const x = new Float64Array(n);
    const y = new Float64Array(n);
    let walk = 0;
    let seed = 42;
    for (let i = 0; i < n; i++) {
      seed = (seed * 1103515245 + 12345) >>> 0;
      walk += (seed / 2 ** 32 - 0.5) * 0.1;
      x[i] = i;
      y[i] = i % 1_000_003 === 500_000 ? Number.NaN : walk + (i % 977 === 0 ? 5 : 0); // spikes and gaps
    }
    const columns = 1800;
    const width = n / columns;
    const d = decimate(x, y, 0, width);
    expect(d.x.length).toBeLessThan(columns * 4 + 40);
    const raw = envelope(x, y, 0, width, columns);
    const dec = envelope(d.x, d.y, 0, width, columns);
    expect(Array.from(dec.lo)).toEqual(Array.from(raw.lo));
    expect(Array.from(dec.hi)).toEqual(Array.from(raw.hi));
    expect(d.x[0]).toBe(0);
    expect(d.x[d.x.length - 1]).toBe(n - 1);
    // each gap survives as a break
    const breaks = Array.from(d.y).filter(Number.isNaN).length;
    expect(breaks).toBe(
      Array.from({ length: 10 }, (_, k) => k * 1_000_003 + 500_000).filter((i) => i < n).length,
    );
  });

  it('keeps every point of each column in order when a column holds few points (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.double({ min: -100, max: 100, noNaN: true }), fc.constant(Number.NaN)), {
          maxLength: 300,
        }),
        fc.double({ min: 0.5, max: 20, noNaN: true }),
        (ys, width) => {
          const x = Float64Array.from(ys, (_, i) => i);
          const y = Float64Array.from(ys);
          const d = decimate(x, y, 0, width);
          const cols = Math.ceil(ys.length / width) + 1;
          const raw = envelope(x, y, 0, width, cols);
          const dec = envelope(d.x, d.y, 0, width, cols);
          expect(Array.from(dec.lo)).toEqual(Array.from(raw.lo));
          expect(Array.from(dec.hi)).toEqual(Array.from(raw.hi));
          // x order preserved, no NaN in x except as breaks, and no two breaks in a row
          let prev = Number.NEGATIVE_INFINITY;
          for (let i = 0; i < d.x.length; i++) {
            if (Number.isNaN(d.x[i] as number)) {
              expect(Number.isNaN(d.x[i - 1] as number)).toBe(false);
              continue;
            }
            expect(d.x[i] as number).toBeGreaterThan(prev);
            prev = d.x[i] as number;
          }
        },
      ),
    );
  });

  it('draws the same picture as the raw points (200,000-point noisy series, default PNG resolution)', async () => {
    const n = 200_000;
    const x = Float64Array.from({ length: n }, (_, i) => i);
    const y = Float64Array.from({ length: n }, (_, i) => Math.sin(i / 5000) + Math.sin(i * 12.9898) * 0.3);
    const chart: Chart = {
      title: 'decimation',
      panels: [{ series: [{ type: 'line', x, y, color: '#1d4ed8', width: 1 }] }],
    };
    const decimated = await encodeChart(chart, 'png');
    const raw = await encodeChart({ ...chart, decimate: false }, 'png');
    const diff = await diffImages(decimated, raw);
    // what remains is anti-aliasing at the envelope's edge: 200,000 overlapping raw strokes darken
    // partly covered edge pixels that one decimated stroke leaves light
    expect(diff.sameSize).toBe(true);
    expect(diff.mean).toBeLessThan(1.5);
    expect(diff.changed).toBeLessThan(0.015);
  });
});
