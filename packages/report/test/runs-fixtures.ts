/**
 * Multi-run logs as trainers leave them: several groups, tasks and seeds, with runs that crash
 * (stop early), restart (x goes back and rows are appended), repeat their last row, put columns in a
 * different order, miss a value, end on a torn line, and name columns with spaces.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mulberry32 } from '@evidence/stats';
import type { RunInput } from '../src/runs/compare-runs.js';

export const X = 'total timesteps';
export const Y = 'episode reward';
export const GROUPS = ['PPO', 'PPO no clip', 'RND'];
export const TASKS = ['CartPole-v1', 'Acrobot-v1'];
export const BUDGET = 1000;

type Row = Record<string, number | string>;

function csv(columns: string[], rows: Row[], options: { torn?: boolean } = {}): string {
  const quote = (v: string | number) =>
    typeof v === 'string' && /[",\s]/.test(v) ? `"${v.replace(/"/g, '""')}"` : String(v);
  const lines = [
    columns.map(quote).join(','),
    ...rows.map((r) => columns.map((c) => quote(r[c] ?? '')).join(',')),
  ];
  const text = `${lines.join('\n')}\n`;
  return options.torn
    ? `${text}${columns
        .map(() => '12')
        .join(',')
        .slice(0, 4)}`
    : text;
}

/** Writes ROOT/{group}/{task}/seed-{k}.csv (plus a few files that are not runs); returns ROOT. */
export function writeRunFolder(options: { seeds?: number; seed?: number } = {}): string {
  const seeds = options.seeds ?? 5;
  const random = mulberry32(options.seed ?? 11);
  const root = mkdtempSync(join(tmpdir(), 'runs-fixture-'));
  GROUPS.forEach((group, g) => {
    TASKS.forEach((task, t) => {
      const dir = join(root, group, task);
      mkdirSync(dir, { recursive: true });
      for (let k = 0; k < seeds; k++) {
        const skill = (g + 1) * (t === 0 ? 100 : 10);
        const point = (x: number, shift = 0): Row => ({
          [X]: x,
          [Y]: Math.round((skill * (x / BUDGET) + (random() - 0.5) * skill * 0.6 + shift) * 1000) / 1000,
          loss: Math.round(random() * 1e6) / 1e6,
        });
        let rows: Row[] = [];
        let end = BUDGET;
        if (k === 1) end = 600 + g * 10; // crashed: stops early
        if (k === 3 && t === 1) end = 960; // stopped just short of the budget: still complete
        for (let x = 10; x <= end; x += 10) rows.push(point(x));
        if (k === 2) {
          // restarted from x = 500 after reaching 700: the rows from 500 on are logged again
          rows = rows.filter((r) => (r[X] as number) <= 700);
          for (let x = 500; x <= BUDGET; x += 10) rows.push(point(x, 5));
        }
        if (k === 3)
          rows.push({ ...(rows[rows.length - 1] as Row), [Y]: 7 }, { ...(rows[rows.length - 1] as Row) });
        if (k === 4) (rows[20] as Row)[Y] = ''; // a missing value
        const columns = k % 2 === 0 ? [X, Y, 'loss'] : ['loss', Y, X]; // differing column orders
        writeFileSync(join(dir, `seed-${k}.csv`), csv(columns, rows, { torn: k === 0 && g === 0 }));
      }
    });
  });
  writeFileSync(join(root, 'README.txt'), 'not a run\n');
  writeFileSync(join(root, GROUPS[0] as string, TASKS[0] as string, 'broken.csv'), '');
  return root;
}

/**
 * `configs` × `seeds` runs of `rows` rows: configuration c learns (c + 1) times as fast, with noise. Each
 * row has its wall time as TensorBoard logs it (Unix time, every digit of Python's time.time()), the
 * heaviest a page embeds.
 */
export function sweep(configs: number, seeds: number, rows: number): RunInput[] {
  const random = mulberry32(1);
  const clock = mulberry32(2); // its own stream: the rewards are those of the sweep without wall time
  const runs: RunInput[] = [];
  for (let c = 0; c < configs; c++)
    for (let s = 0; s < seeds; s++) {
      const step = Float64Array.from({ length: rows }, (_, i) => (i + 1) * 400);
      const reward = step.map((x) => ((c + 1) * x) / 1e6 + random() * 10);
      const started = 1_765_000_000 + (c * seeds + s) * 900 + clock();
      const wall = step.map((x) => started + x / 1234 + clock() / 10);
      runs.push({
        group: `cfg${c}`,
        task: 'CartPole-v1',
        path: `cfg${c}/seed_${s}`,
        table: {
          path: `cfg${c}/seed_${s}/progress.csv`,
          format: 'sb3-progress',
          columns: new Map([
            ['step', step],
            ['reward', reward],
          ]),
          wallTimes: new Map([
            ['step', wall],
            ['reward', wall],
          ]),
          meta: {
            config: { learning_rate: (c + 1) * 1e-5, seed: s, gamma: 0.99, net: c % 2 ? 'large' : 'small' },
          },
          issues: [],
        },
      });
    }
  return runs;
}
