/**
 * A run cut to what a reader asked for (ReadOptions): the series of the metrics it names, each at most
 * `downsample` points. Applied to each run as soon as it is read, before the next one is.
 */
import type { Run, Series } from '../model.js';
import { chooseY, isStatisticName, isXName, yPrior } from '../roles.js';
import type { ColumnsToRead, MetricsOf, ReadOptions } from './types.js';

/** Refuses a downsample that could not keep a first and a last point, before anything is read. */
export function checkReadOptions(options: ReadOptions): void {
  const { downsample } = options;
  if (downsample !== undefined && !(Number.isInteger(downsample) && downsample >= 2))
    throw new RangeError(`downsample: expected a whole number ≥ 2, got ${downsample}`);
}

/** The metrics options keep of a run with these names, x and default y; null keeps every one. */
export function wantedMetrics(options: ReadOptions, run: MetricsOf): Set<string> | null {
  const { metrics } = options;
  if (metrics === undefined) return null;
  return new Set(typeof metrics === 'function' ? metrics(run) : metrics);
}

/**
 * `names`: every metric the run has, when some were left unread (see columnsToRead); by default its
 * series' names.
 */
export function selectSeries(run: Run, options: ReadOptions, names?: readonly string[]): Run {
  const { metrics, downsample } = options;
  if (metrics === undefined && downsample === undefined) return run;
  let series = run.series;
  const keep = wantedMetrics(options, {
    metrics: names ?? [...new Set(series.map((s) => s.metric))],
    x: run.x,
    y: run.y,
  });
  if (keep) series = series.filter((s) => keep.has(s.metric));
  if (downsample !== undefined) series = series.map((s) => downsampled(s, downsample));
  return { ...run, series };
}

/**
 * The columns of a table to parse for these options, from its header alone: every column that could be
 * its x (chooseX looks at their values), the y chooseY picks from the names (and a scores table's
 * statistic), and what `metrics` gives for that y with each possible x. It only spares parsing: a read
 * whose y turns out to be text reads its table again whole, and a run that wants a column left out is
 * read again whole (see discover).
 */
export function columnsToRead(options: ReadOptions): ColumnsToRead | undefined {
  if (options.metrics === undefined) return undefined;
  return (names) => {
    const xs = names.filter(isXName);
    const y = chooseY(names);
    // the y's whole tier, so its values can refuse it for the next of the tier and name a runner-up
    const tier = y === null ? undefined : yPrior(y)?.tier;
    const peers = names.filter((name) => tier !== undefined && yPrior(name)?.tier === tier);
    const read = new Set([...xs, ...peers, ...names.filter(isStatisticName)]);
    if (y !== null) read.add(y);
    for (const x of xs.length > 0 ? xs : ['row'])
      for (const name of wantedMetrics(options, { metrics: names.filter((n) => n !== x), x, y }) ?? [])
        read.add(name);
    return read;
  };
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
