/**
 * Discovery and reading of a sweep, next to baselines measured in the same run.
 *
 *   pnpm bench                 (after the TensorBoard part) 400 runs × 2,500 rows
 *   tsx bench/discover.ts 100  fewer runs (quick look)
 *
 * Target (issue 21): discoverRuns over 400 run folders (SB3 progress.csv, 4 columns, 2,500 rows each:
 * 1,000,000 rows) in under 2 s. Baselines: reading every file's bytes (the floor any reader pays), and
 * papaparse alone parsing every file (the foreign-CSV parser the discovery uses, without typing,
 * restarts or series). Best of 3, wall-clock and CPU seconds of the process.
 */
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import Papa from 'papaparse';
import { discoverRuns } from '../src/index.js';
import {
  best,
  count,
  inTempDir,
  machine,
  sb3Progress,
  seeded,
  sizeArgument,
  type Timing,
  table,
} from './helpers.js';

const RUNS = sizeArgument(400);
const ROWS = 2_500;
const GROUPS = ['PPO', 'A2C', 'DQN', 'SAC'];

function generate(root: string): string[] {
  const random = seeded();
  const files: string[] = [];
  for (let r = 0; r < RUNS; r++) {
    const dir = join(root, GROUPS[r % GROUPS.length] as string, `seed${Math.floor(r / GROUPS.length)}`);
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'progress.csv');
    writeFileSync(file, sb3Progress(ROWS, random));
    files.push(file);
  }
  return files;
}

await inTempDir('discover-bench', async (root) => {
  const files = generate(root);
  const rows: [string, Timing][] = [];
  rows.push([
    'baseline: read every file',
    await best(() => Promise.all(files.map((f) => readFile(f, 'utf8')))),
  ]);
  rows.push([
    'baseline: papaparse every file (no typing, no series)',
    await best(async () => {
      for (const file of files) Papa.parse(await readFile(file, 'utf8'), { skipEmptyLines: true });
    }),
  ]);
  let found = 0;
  let points = 0;
  const discovery = await best(async () => {
    const result = await discoverRuns(root);
    found = result.runs.length;
    points = result.runs.reduce((n, run) => n + run.series.reduce((m, s) => m + s.values.length, 0), 0);
  });
  rows.push(['discoverRuns (layout, read, restarts, series per metric)', discovery]);
  if (found !== RUNS) throw new Error(`discoverRuns found ${found} runs, expected ${RUNS}`);
  if (readdirSync(root).length !== GROUPS.length) throw new Error('unexpected layout');
  console.log(
    `\n@evidence/sources discovery: ${RUNS} runs × ${count(ROWS)} rows (${count(RUNS * ROWS)} rows, ${count(points)} values) · ${machine()}\n`,
  );
  console.log(
    table(
      ['case', 'seconds (wall)', 'CPU seconds', 'rows/s (wall)'],
      rows.map(([name, { wall, cpu }]) => [
        name,
        wall.toFixed(2),
        cpu.toFixed(2),
        count(Math.round((RUNS * ROWS) / wall)),
      ]),
    ),
  );
  const met = discovery.wall < 2;
  console.log(
    `\ntarget: discoverRuns under 2 s (wall) for 400 runs × 2,500 rows: ${met ? 'met' : 'NOT met at this load'}`,
  );
});
