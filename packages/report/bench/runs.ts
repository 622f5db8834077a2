/**
 * `pnpm bench` (second part): `evidence runs` on 400 generated runs × 2,500 rows (1,000,000 rows;
 * targets: at most 5 s and 400 MiB), next to a Python baseline that does the same reading and
 * statistics with csv + NumPy (vectorised bootstrap, as rliable users write it). Each case runs in a
 * fresh process, so its peak RSS is its own.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyzeRuns } from '../src/runs/compare-runs.js';
import { loadRuns } from '../src/runs/load-runs.js';

const GROUPS = ['PPO', 'PPO no clip', 'RND', 'DQN'];
const TASKS = ['CartPole-v1', 'Acrobot-v1'];
const SEEDS = 50; // 4 groups × 2 tasks × 50 seeds = 400 runs
const ROWS = 2_500;
const PATTERN = '{group}/{task}/{run}.csv';
const Y = 'rollout/ep_rew_mean';

function generate(root: string): void {
  let state = 12345;
  const random = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
  GROUPS.forEach((group, g) => {
    for (const task of TASKS) {
      mkdirSync(join(root, group, task), { recursive: true });
      for (let s = 0; s < SEEDS; s++) {
        const rows = s % 10 === 9 ? 1500 : ROWS; // one run in ten stopped early
        const lines = [`time/total_timesteps,${Y},train/loss,time/fps`];
        for (let i = 1; i <= rows; i++)
          lines.push(
            `${i * 400},${((g + 1) * 50 * i) / ROWS + random() * 40},${random().toFixed(6)},${1000 + i}`,
          );
        writeFileSync(join(root, group, task, `seed-${s}.csv`), `${lines.join('\n')}\n`);
      }
    }
  });
}

async function runCase(root: string): Promise<void> {
  const started = performance.now();
  const loaded = await loadRuns(root, { pattern: PATTERN });
  const read = performance.now();
  const analysis = analyzeRuns(loaded.runs, { y: Y, normalize: 'minmax' });
  const done = performance.now();
  process.stdout.write(
    JSON.stringify({
      runs: loaded.runs.length,
      readS: (read - started) / 1000,
      statsS: (done - read) / 1000,
      wallS: (done - started) / 1000,
      maxRssMb: process.resourceUsage().maxRSS / 1024,
      iqm: analysis.summary.tasks['CartPole-v1']?.groups.PPO?.iqm,
    }),
  );
}

const [, , role, root] = process.argv;
if (role === '--case' && root) {
  await runCase(root);
} else {
  const dir = mkdtempSync(join(tmpdir(), 'runs-bench-'));
  try {
    const t0 = performance.now();
    generate(dir);
    console.log(
      `evidence runs benchmark: ${GROUPS.length * TASKS.length * SEEDS} runs × ${ROWS} rows, 4 columns, --normalize minmax, 10000 resamples (the default; written in ${((performance.now() - t0) / 1000).toFixed(1)} s; load average ${loadavg()[0]?.toFixed(1)})`,
    );
    const self = fileURLToPath(import.meta.url);
    const ours = JSON.parse(
      execFileSync(process.execPath, ['--import', 'tsx', self, '--case', dir], { encoding: 'utf8' }),
    );
    const baseline = JSON.parse(
      execFileSync('python3', [fileURLToPath(new URL('runs_baseline.py', import.meta.url)), dir, Y], {
        encoding: 'utf8',
      }),
    );
    const row = (name: string, r: { wallS: number; readS: number; statsS: number; maxRssMb: number }) =>
      `| ${name} | ${r.wallS.toFixed(2)} | ${r.readS.toFixed(2)} | ${r.statsS.toFixed(2)} | ${r.maxRssMb.toFixed(0)} |`;
    console.log('| case | wall s | reading s | statistics s | peak RSS MB |');
    console.log('|---|---:|---:|---:|---:|');
    console.log(row('loadRuns + analyzeRuns (@evidence/sources reader, counts bootstrap)', ours));
    console.log(row('baseline: Python csv + NumPy (vectorised bootstrap)', baseline));
    const ok = ours.wallS <= 5 && ours.maxRssMb <= 400;
    console.log(`target ≤ 5 s and ≤ 400 MiB: ${ok ? 'met' : 'NOT met'}`);
    if (!ok) process.exitCode = 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
