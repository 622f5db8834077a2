/**
 * The metrics `runs` keeps of each run as it is read: whatever its statistics may choose as x and y (each
 * run's own x and y, any x or return by name, --x and --y) and the outcomes its success rates pool. Other
 * columns (losses, fps, learning rates) are dropped run by run, so a sweep of thousands of runs holds its
 * returns, not every column. A run with no return, or without the --x or --y given, keeps everything:
 * its skip says what it has.
 */
import type { MetricsOf } from '@evidence/sources';

/** The outcomes success rates pool (`is_success`, `eval/is_success`, `success`): kept for them. */
const OUTCOME = /(^|\/)(is_success|success)$/;

export async function runsMetrics(options: {
  x?: string;
  y?: string;
}): Promise<(run: MetricsOf) => string[]> {
  // loaded with the command, not when the CLI starts
  const { isReturnName, isXName, X_CANDIDATES, Y_CANDIDATES } = await import('@evidence/sources');
  const named = new Set<string>([...X_CANDIDATES, ...Y_CANDIDATES]);
  if (options.x !== undefined) named.add(options.x);
  if (options.y !== undefined) named.add(options.y);
  const given = [options.x, options.y].filter((name): name is string => name !== undefined);
  return ({ metrics, x, y }) => {
    // a run that will be skipped keeps every column, so its skip can say what it has
    if (!metrics.some(isReturnName) || given.some((name) => !metrics.includes(name) && name !== x))
      return [...metrics];
    return metrics.filter(
      (m) => m === x || m === y || named.has(m) || isXName(m) || isReturnName(m) || OUTCOME.test(m),
    );
  };
}
