import { spawnSync } from 'node:child_process';
import { cpSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { python, runCli, tempDir } from './helpers.js';

// The stores written by packages/sources/test/stores_fixtures.py as SB3, MLflow and W&B write them.
const stores = fileURLToPath(new URL('../../../packages/sources/test/fixtures/stores/', import.meta.url));
const scipy = spawnSync(python, ['-c', 'import scipy, numpy'], { stdio: 'ignore' }).status === 0;
const runOracle = scipy || process.env.CI === 'true';
if (!runOracle) console.warn(`skipping the success-rate oracle tests: ${python} with scipy is not available`);

/** SciPy's Wilson interval (binomtest(...).proportion_ci(method="wilson")), the independent check. */
function scipyWilson(k: number, n: number): [number, number] {
  const code = `from scipy.stats import binomtest; ci = binomtest(${k}, ${n}).proportion_ci(method="wilson"); print(ci.low, ci.high)`;
  const out = spawnSync(python, ['-c', code], { encoding: 'utf8' });
  return out.stdout.trim().split(' ').map(Number) as [number, number];
}

describe.skipIf(!runOracle)('success rates with Wilson intervals', () => {
  it("runs: EvalCallback's successes at each run's last evaluation, pooled per group, as numpy and SciPy count them", async () => {
    const dir = tempDir('zoo-success');
    cpSync(join(stores, 'rl-zoo'), dir, { recursive: true });
    const result = await runCli(['runs', join(dir, 'logs'), '--json']);
    expect(result.code, result.stderr).toBe(0);
    const rates = JSON.parse(result.stdout).success_rates;
    // numpy: the last evaluation row of `successes` in each ppo run (the final 10% of 10k…50k is 50k)
    const code = `import numpy as np, sys
k = n = 0
for run in ("CartPole-v1_1", "CartPole-v1_2"):
    s = np.load(sys.argv[1] + "/logs/ppo/" + run + "/evaluations.npz")["successes"][-1]
    k += int(s.sum()); n += s.size
print(k, n)`;
    const [k, n] = spawnSync(python, ['-c', code, dir], { encoding: 'utf8' })
      .stdout.trim()
      .split(' ')
      .map(Number);
    expect(rates).toHaveLength(1); // a2c's env reports no is_success
    expect(rates[0]).toMatchObject({
      task: 'CartPole-v1',
      group: 'ppo',
      metric: 'eval/is_success',
      runs: 2,
      successes: k,
      episodes: n,
    });
    const [low, high] = scipyWilson(k as number, n as number);
    expect(rates[0].ci95[0]).toBeCloseTo(low, 12);
    expect(rates[0].ci95[1]).toBeCloseTo(high, 12);
    const human = await runCli(['runs', join(dir, 'logs'), '--y', 'eval/mean_reward']);
    expect(human.stdout).toContain(`CartPole-v1  ppo    eval/is_success     2  ${k}/${n}`);
  });

  it("compare: a monitor file's is_success (True/False, as SB3 writes info keywords) is a rate with Wilson per side", async () => {
    const dir = tempDir('compare-success');
    const write = (name: string, outcomes: boolean[]) =>
      writeFileSync(
        join(dir, name),
        `#{"t_start": 1.0, "env_id": "FetchReach-v2"}\nr,l,t,is_success\n${outcomes
          .map((s, i) => `${(i % 7) - 3}.5,50,${i}.5,${s ? 'True' : 'False'}\n`)
          .join('')}`,
      );
    const pre = Array.from({ length: 40 }, (_, i) => i % 5 === 0);
    const post = Array.from({ length: 30 }, (_, i) => i % 3 !== 0);
    write('pre.monitor.csv', pre);
    write('post.monitor.csv', post);
    const result = await runCli([
      'compare',
      join(dir, 'pre.monitor.csv'),
      join(dir, 'post.monitor.csv'),
      '--reward-key',
      'r',
      '--json',
    ]);
    expect(result.code, result.stderr).toBe(0);
    const metrics = JSON.parse(result.stdout);
    expect([metrics.pre.success_rate, metrics.post.success_rate]).toEqual([8 / 40, 20 / 30]);
    for (const [side, k, n] of [
      ['pre_ci95', 8, 40],
      ['post_ci95', 20, 30],
    ] as const) {
      const [low, high] = scipyWilson(k, n);
      expect(metrics[side].success_rate[0]).toBeCloseTo(low, 12);
      expect(metrics[side].success_rate[1]).toBeCloseTo(high, 12);
    }
    expect(metrics.verdict.success_rate).toBe('better');
  });
});
