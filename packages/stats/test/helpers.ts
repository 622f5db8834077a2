import { execFileSync, spawnSync } from 'node:child_process';

const onCi = process.env.CI === 'true';

/** Why the NumPy/SciPy oracle cannot run here, or null. On CI a missing oracle is a failure, not a skip. */
export const pythonMissing = ((): string | null => {
  const ok = spawnSync('python3', ['-c', 'import numpy, scipy'], { stdio: 'ignore' }).status === 0;
  if (ok) return null;
  if (onCi) throw new Error('python3 with numpy and scipy is required on CI but missing');
  return 'python3 with numpy and scipy not found: skipped';
})();

/** Run a Python snippet that reads JSON on stdin and prints JSON. */
export function python<T>(code: string, input: unknown): T {
  const out = execFileSync('python3', ['-c', code], {
    input: JSON.stringify(input),
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  return JSON.parse(out) as T;
}

/** rliable's layout (runs × tasks, rectangular) from ours (per task: runs). */
export const runsByTasks = (scores: readonly number[][]): number[][] =>
  (scores[0] ?? []).map((_, r) => scores.map((task) => task[r] as number));

/** Ours from rliable's layout. */
export const tasksOf = (matrix: readonly number[][]): number[][] =>
  (matrix[0] ?? []).map((_, t) => matrix.map((run) => run[t] as number));
