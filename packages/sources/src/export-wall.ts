/**
 * The wall clock of an export row where the format names none: our `training_log.csv` logs
 * `wall_time_s`, SB3's progress.csv `time/time_elapsed`, RLlib `time_total_s`, others a `timestamp`.
 * The name proposes (a word of time in seconds); the values decide: every value finite, never going
 * down, and not all equal. Epoch seconds (or milliseconds, divided) are preferred over seconds since the
 * run started; either is exported as it is, in seconds.
 */
import type { Run, Series } from './model.js';
import { nameTokens } from './roles.js';

/** A word that names a clock in seconds; hours, minutes and milliseconds-as-duration are not seconds. */
const CLOCK_WORD = /^(wall|walltime|time|timestamp|elapsed|clock|runtime|seconds|secs)$/;
const NOT_A_CLOCK =
  /^(hours?|minutes?|mins?|per|fps|sps|iter|step|steps|this|left|remaining|eta|ms|mean|avg|std)$/;
/** Past this a clock is seconds since the Unix epoch (2001-09-09); past EPOCH_MS, milliseconds. */
const EPOCH_S = 1e9;
const EPOCH_MS = 1e12;

/** Each series of the run with wall times taken from its file's clock column, where it had none. */
export function withWallClock(run: Run): Run {
  const bySource = new Map<string, Series[]>();
  for (const series of run.series) {
    const list = bySource.get(series.source) ?? [];
    list.push(series);
    bySource.set(series.source, list);
  }
  let changed = false;
  const clocks = new Map<string, Float64Array>();
  for (const [source, list] of bySource) {
    if (list.some((s) => s.wallTimes.some((t) => !Number.isNaN(t)))) continue;
    const clock = clockOf(list);
    if (clock) {
      clocks.set(source, clock);
      changed = true;
    }
  }
  if (!changed) return run;
  return { ...run, series: run.series.map((s) => alongClock(s, clocks.get(s.source))) };
}

/** The clock column of one file's series, as seconds per row (NaN where unknown), or null. */
function clockOf(list: readonly Series[]): Float64Array | null {
  const candidates = list.filter((s) => namesClock(s.metric) && s.rows !== undefined && isClock(s.values));
  if (candidates.length === 0) return null;
  // epoch seconds place a row in time; seconds since the start only within the run
  const best = candidates.find((s) => (s.values[0] as number) >= EPOCH_S) ?? candidates[0]!;
  const scale = (best.values[0] as number) >= EPOCH_MS ? 1e-3 : 1;
  const rows = best.rows as Uint32Array;
  let last = 0;
  for (const row of rows) last = Math.max(last, row);
  const byRow = new Float64Array(last + 1).fill(Number.NaN);
  rows.forEach((row, i) => {
    byRow[row] = (best.values[i] as number) * scale;
  });
  return byRow;
}

function namesClock(metric: string): boolean {
  const tokens = nameTokens(metric);
  return tokens.some((t) => CLOCK_WORD.test(t)) && !tokens.some((t) => NOT_A_CLOCK.test(t));
}

/** Finite, at least zero, never going down, and moving: a clock, not a duration per step. */
function isClock(values: Float64Array): boolean {
  if (values.length < 2) return false;
  for (let i = 0; i < values.length; i++) {
    const value = values[i] as number;
    if (!Number.isFinite(value) || value < 0 || (i > 0 && value < (values[i - 1] as number))) return false;
  }
  return (values[values.length - 1] as number) > (values[0] as number);
}

function alongClock(series: Series, clock: Float64Array | undefined): Series {
  if (!clock || !series.rows) return series;
  const wallTimes = Float64Array.from(series.rows, (row) => clock[row] ?? Number.NaN);
  return { ...series, wallTimes };
}
