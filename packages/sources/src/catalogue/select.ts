/**
 * A run cut to what a reader asked for (ReadOptions): the series of the metrics it names, each at most
 * `downsample` points. Applied to each run as soon as it is read, before the next one is.
 */
import type { Run, Series } from '../model.js';
import type { ReadOptions } from './types.js';

/** Refuses a downsample that could not keep a first and a last point, before anything is read. */
export function checkReadOptions(options: ReadOptions): void {
  const { downsample } = options;
  if (downsample !== undefined && !(Number.isInteger(downsample) && downsample >= 2))
    throw new RangeError(`downsample: expected a whole number ≥ 2, got ${downsample}`);
}

export function selectSeries(run: Run, options: ReadOptions): Run {
  const { metrics, downsample } = options;
  if (metrics === undefined && downsample === undefined) return run;
  let series = run.series;
  if (metrics !== undefined) {
    const names = [...new Set(series.map((s) => s.metric))];
    const keep = new Set(
      typeof metrics === 'function' ? metrics({ metrics: names, x: run.x, y: run.y }) : metrics,
    );
    series = series.filter((s) => keep.has(s.metric));
  }
  if (downsample !== undefined) series = series.map((s) => downsampled(s, downsample));
  return { ...run, series };
}

/** `limit` points evenly spaced by index (first and last among them), or the series when it has fewer. */
export function downsampled(series: Series, limit: number): Series {
  const n = series.values.length;
  if (n <= limit) return series;
  // index i of the kept ones: round(i·(n−1)/(limit−1)), strictly increasing since n > limit
  const picks = Uint32Array.from({ length: limit }, (_, i) => Math.round((i * (n - 1)) / (limit - 1)));
  const pick = <T extends Float64Array | Uint32Array>(from: T, make: (k: number) => T): T => {
    const out = make(limit);
    for (let i = 0; i < limit; i++) out[i] = from[picks[i] as number] as number;
    return out;
  };
  const floats = (k: number) => new Float64Array(k);
  return {
    ...series,
    steps: pick(series.steps, floats),
    wallTimes: pick(series.wallTimes, floats),
    values: pick(series.values, floats),
    ...(series.rows ? { rows: pick(series.rows, (k) => new Uint32Array(k)) } : {}),
  };
}
