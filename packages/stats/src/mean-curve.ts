import { DEFAULT_CONFIDENCE } from './defaults.js';
import { mean } from './mean.js';
import { tInterval } from './student-t.js';

/** One run's logged points: x (step) and y (value), in the order logged. */
export interface CurveRun {
  x: ArrayLike<number>;
  y: ArrayLike<number>;
}

/** A group's mean curve: at each x the mean of the runs and its band (NaN where fewer than two runs). */
export interface MeanCurve {
  x: number[];
  mean: number[];
  lo: number[];
  hi: number[];
}

export interface MeanCurveOptions {
  /** points of the grid, evenly spaced from the first x any run logged to the last (default 100) */
  points?: number;
  confidence?: number;
  /** the range y can take (declared by the runs): the band is cut to it */
  range?: { min?: number; max?: number };
}

/** Points of every mean curve (`runs`, `report` overlays, PNG, SVG and the page draw the same). */
export const CURVE_POINTS = 100;

/**
 * A run's points with finite x and y, sorted by x; points logged at one x count as their mean (several
 * episodes can end at one step, and each is a value the run reached there).
 */
export function curvePoints(run: CurveRun): { x: Float64Array; y: Float64Array } {
  // typed arrays, not growing lists: a run of 100,000 points makes no garbage per point
  let order = new Int32Array(run.x.length);
  let n = 0;
  for (let i = 0; i < run.x.length; i++)
    if (Number.isFinite(run.x[i] as number) && Number.isFinite(run.y[i] as number)) order[n++] = i;
  order = order.subarray(0, n);
  // logs are nearly always in x order already: sorted only when they are not (the same order either way)
  let inOrder = true;
  for (let k = 1; k < n && inOrder; k++)
    inOrder = (run.x[order[k - 1] as number] as number) <= (run.x[order[k] as number] as number);
  if (!inOrder) order.sort((a, b) => (run.x[a] as number) - (run.x[b] as number) || a - b);
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  let m = 0;
  let count = 0;
  for (let k = 0; k < n; k++) {
    const i = order[k] as number;
    const at = run.x[i] as number;
    if (m > 0 && x[m - 1] === at) {
      count++;
      y[m - 1] = (y[m - 1] as number) + ((run.y[i] as number) - (y[m - 1] as number)) / count;
    } else {
      x[m] = at;
      y[m] = run.y[i] as number;
      m++;
      count = 1;
    }
  }
  return { x: x.slice(0, m), y: y.slice(0, m) };
}

/**
 * The one mean curve of a group of runs. Rule: on a grid of `points` evenly spaced x from the first x
 * any run logged to the last, each run counts where its logged range covers x, by linear interpolation
 * between its two neighbouring logged points (no extrapolation past its first or last point); the
 * curve is the mean of those runs and the band the t-interval of that mean across them (t with n − 1
 * degrees of freedom), cut to `range`.
 */
export function meanCurve(runs: readonly CurveRun[], options: MeanCurveOptions = {}): MeanCurve {
  const points = options.points ?? CURVE_POINTS;
  const confidence = options.confidence ?? DEFAULT_CONFIDENCE;
  const floor = options.range?.min ?? Number.NEGATIVE_INFINITY;
  const ceiling = options.range?.max ?? Number.POSITIVE_INFINITY;
  const clean = runs.map(curvePoints).filter((r) => r.x.length > 0);
  const curve: MeanCurve = { x: [], mean: [], lo: [], hi: [] };
  if (clean.length === 0) return curve;
  const start = Math.min(...clean.map((r) => r.x[0] as number));
  const end = Math.max(...clean.map((r) => r.x[r.x.length - 1] as number));
  const count = end > start ? points : 1;
  const cursors = clean.map(() => 0);
  for (let g = 0; g < count; g++) {
    // the last point is `end` itself, never start + (end − start)·1 rounded below it
    const at = g === count - 1 ? end : start + ((end - start) * g) / (count - 1);
    const values: number[] = [];
    clean.forEach((run, r) => {
      const { x, y } = run;
      const last = x.length - 1;
      if (at < (x[0] as number) || at > (x[last] as number)) return;
      let i = cursors[r] as number;
      while (i < last && (x[i + 1] as number) <= at) i++;
      cursors[r] = i;
      if (x[i] === at || i === last) values.push(y[i] as number);
      else {
        const t = (at - (x[i] as number)) / ((x[i + 1] as number) - (x[i] as number));
        values.push((y[i] as number) + t * ((y[i + 1] as number) - (y[i] as number)));
      }
    });
    const [lo, hi] = tInterval(values, confidence);
    curve.x.push(at);
    curve.mean.push(values.length > 0 ? mean(values) : Number.NaN);
    curve.lo.push(Number.isNaN(lo) ? lo : Math.max(floor, lo));
    curve.hi.push(Number.isNaN(hi) ? hi : Math.min(ceiling, hi));
  }
  return curve;
}
