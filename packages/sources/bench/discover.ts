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
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import { discoverRuns } from '../src/index.js';

const RUNS = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 400);
const ROWS = 2_500;
const GROUPS = ['PPO', 'A2C', 'DQN', 'SAC'];

function generate(root: string): string[] {
  const files: string[] = [];
  let state = 12345;
  const random = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
  for (let r = 0; r < RUNS; r++) {
    const dir = join(root, GROUPS[r % GROUPS.length] as string, `seed${Math.floor(r / GROUPS.length)}`);
    mkdirSync(dir, { recursive: true });
    const lines = ['time/total_timesteps,rollout/ep_rew_mean,train/loss,time/fps'];
    for (let i = 1; i <= ROWS; i++)
      lines.push(`${i * 400},${(50 * i) / ROWS + random() * 40},${random().toFixed(6)},${1000 + i}`);
    const file = join(dir, 'progress.csv');
    writeFileSync(file, `${lines.join('\n')}\n`);
    files.push(file);
  }
  return files;
}

interface Timing {
  wall: number;
  cpu: number;
}

async function best(run: () => Promise<unknown>): Promise<Timing> {
  const fastest = { wall: Number.POSITIVE_INFINITY, cpu: Number.POSITIVE_INFINITY };
  for (let i = 0; i < 3; i++) {
    const start = performance.now();
    const cpu = process.cpuUsage();
    await run();
    const used = process.cpuUsage(cpu);
    fastest.wall = Math.min(fastest.wall, (performance.now() - start) / 1000);
    fastest.cpu = Math.min(fastest.cpu, (used.user + used.system) / 1e6);
  }
  return fastest;
}

const root = mkdtempSync(join(os.tmpdir(), 'evidence-discover-bench-'));
try {
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
  rows.push([
    'discoverRuns (layout, read, restarts, series per metric)',
    await best(async () => {
      const discovery = await discoverRuns(root);
      found = discovery.runs.length;
      points = discovery.runs.reduce((n, run) => n + run.series.reduce((m, s) => m + s.values.length, 0), 0);
    }),
  ]);
  if (found !== RUNS) throw new Error(`discoverRuns found ${found} runs, expected ${RUNS}`);
  if (readdirSync(root).length !== GROUPS.length) throw new Error('unexpected layout');
  console.log(
    `\n@evidence/sources discovery: ${RUNS} runs × ${ROWS.toLocaleString('en')} rows (${(RUNS * ROWS).toLocaleString('en')} rows, ${points.toLocaleString('en')} values) · node ${process.version} · ${os.cpus().length} cores · load average ${os.loadavg()[0]?.toFixed(1)}\n`,
  );
  console.log('| case | seconds (wall) | CPU seconds | rows/s (wall) |');
  console.log('| --- | ---: | ---: | ---: |');
  for (const [name, { wall, cpu }] of rows)
    console.log(
      `| ${name} | ${wall.toFixed(2)} | ${cpu.toFixed(2)} | ${Math.round((RUNS * ROWS) / wall).toLocaleString('en')} |`,
    );
  console.log('\ntarget: discoverRuns under 2 s (wall) for 400 runs × 2,500 rows');
} finally {
  rmSync(root, { recursive: true, force: true });
}
