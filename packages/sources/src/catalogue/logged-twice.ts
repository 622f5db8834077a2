/**
 * One training run logged twice by two writers (a CSV logger and an event-file logger side by side) is
 * one run, not two seeds: two runs of different formats whose y holds the same values, point for point,
 * are the same run. Values compared as float32 (an event file stores float32, a CSV the float64 it
 * printed from it). Two files of one format that agree are left alone: a copy is the user's to remove.
 */
import type { Run, SkippedRun } from '../model.js';

/** Fewer points, or one value repeated, could be two runs that merely agree. */
const MIN_POINTS = 3;

/** The y's values of a run as read (before any cut), as `y|count|hash`; null when too few to tell. */
export function yFingerprint(run: Run): string | null {
  if (run.y === null) return null;
  const bits = new Uint32Array(new Float32Array(1).buffer);
  const word = new Float32Array(bits.buffer);
  let hash = 0x811c9dc5;
  let count = 0;
  let first: number | undefined;
  let varies = false;
  for (const series of run.series) {
    if (series.metric !== run.y) continue;
    for (const value of series.values) {
      word[0] = Number.isNaN(value) ? Number.NaN : value;
      hash = Math.imul(hash ^ (bits[0] as number), 0x01000193) >>> 0;
      count++;
      first ??= word[0];
      varies ||= word[0] !== first;
    }
  }
  return count >= MIN_POINTS && varies ? `${run.y}|${count}|${hash.toString(16)}` : null;
}

/**
 * The runs without the second log of each run logged twice (of two, the one with fewer metrics goes),
 * each in `skipped`, named with the run it repeats. Each run pairs with at most one of another format.
 */
export function withoutRepeats(
  runs: readonly Run[],
  fingerprintOf: (run: Run) => string | null,
  metricCount: (run: Run) => number,
  skipped: SkippedRun[],
): Run[] {
  const unpaired = new Map<string, Run[]>();
  const dropped = new Set<Run>();
  for (const run of runs) {
    const print = fingerprintOf(run);
    if (print === null) continue;
    const waiting = unpaired.get(print);
    const twin = waiting?.findIndex((earlier) => earlier.format !== run.format) ?? -1;
    if (waiting === undefined || twin < 0) {
      if (waiting) waiting.push(run);
      else unpaired.set(print, [run]);
      continue;
    }
    const earlier = waiting.splice(twin, 1)[0] as Run;
    const [keep, drop] = metricCount(run) > metricCount(earlier) ? [run, earlier] : [earlier, run];
    dropped.add(drop);
    skipped.push({
      path: drop.id,
      why: `the same run as ${keep.id}, logged twice (its ${drop.y} holds the same values, point for point)`,
    });
  }
  return dropped.size === 0 ? [...runs] : runs.filter((run) => !dropped.has(run));
}
