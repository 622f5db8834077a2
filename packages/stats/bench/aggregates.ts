/**
 * `pnpm bench`: 10,000 stratified resamples of rliable's four aggregates (IQM, median, mean,
 * optimality gap) over 100 runs × 10 tasks, with aggregatesWithIntervals from the built package,
 * beside NumPy doing the same in the same run (vectorised, and rliable's own loop). The target: the
 * JavaScript is not slower than NumPy.
 */
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';

const RESAMPLES = 10_000;
const RUNS = 100;
const TASKS = 10;

const stats: typeof import('../src/index.js') = await import(
  new URL('../dist/index.js', import.meta.url).href
);
const random = stats.mulberry32(1);
const scores = Array.from({ length: TASKS }, () => Array.from({ length: RUNS }, random));

const times: number[] = [];
for (let i = 0; i < 3; i++) {
  const started = performance.now();
  stats.aggregatesWithIntervals(scores, { resamples: RESAMPLES, seed: i });
  times.push((performance.now() - started) / 1000);
}
const js = Math.min(...times);

let numpy: { vectorised: number; rliable_loop: number } | null = null;
try {
  numpy = JSON.parse(
    execFileSync('python3', [fileURLToPath(new URL('aggregates_numpy.py', import.meta.url))], {
      input: JSON.stringify({ resamples: RESAMPLES, runs: RUNS, tasks: TASKS }),
      encoding: 'utf8',
    }),
  );
} catch (error) {
  console.log(`NumPy baseline not run: ${(error as Error).message.split('\n')[0]}`);
}

const rows: [string, number | undefined][] = [
  ['@evidence/stats aggregatesWithIntervals (best of 3)', js],
  ['baseline: NumPy + SciPy, vectorised in batches of 1,000', numpy?.vectorised],
  ["baseline: NumPy + SciPy, rliable's loop over resamples", numpy?.rliable_loop],
];
console.log(
  `${RESAMPLES} stratified resamples × 4 aggregates, ${RUNS} runs × ${TASKS} tasks (load ${loadavg()[0]?.toFixed(1)})`,
);
for (const [what, s] of rows)
  console.log(`  ${what.padEnd(58)} ${s === undefined ? '—' : `${s.toFixed(2)} s`}`);
if (numpy && js > numpy.vectorised) {
  console.log('  target missed: the JavaScript is slower than vectorised NumPy');
  process.exitCode = 1;
} else if (numpy) console.log('  target met: not slower than NumPy');
