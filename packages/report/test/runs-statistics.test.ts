import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { studentTQuantile } from '@evidence/stats';
import { describe, expect, it } from 'vitest';
import { type AggregateSummary, analyzeRuns, type RunInput } from '../src/runs/compare-runs.js';
import { withDeclaredRanges } from '../src/runs/declared-ranges.js';
import { loadRuns } from '../src/runs/load-runs.js';
import { readRunTable } from '../src/runs/run-table.js';
import { renderRunsMarkdown } from '../src/runs/runs-page.js';

/** Runs as CSV files in a temp folder: `curves[g][k]` is run k of group g, rewards at steps 1..n. */
async function runsOf(curves: Record<string, number[][]>, task = 'CartPole-v1'): Promise<RunInput[]> {
  const dir = mkdtempSync(join(tmpdir(), 'runs-stats-'));
  const inputs: RunInput[] = [];
  for (const [group, runs] of Object.entries(curves))
    for (const [k, rewards] of runs.entries()) {
      const path = join(dir, `${group}-${task}-${k}.csv`);
      writeFileSync(path, `step,reward\n${rewards.map((r, i) => `${i + 1},${r}`).join('\n')}\n`);
      inputs.push({ table: await readRunTable(path), group, task, path: `${group}/${k}.csv` });
    }
  return inputs;
}

const notes = { root: 'runs', skipped: [], issues: [] };

describe('runs statistics from @evidence/stats', () => {
  it('the curve band is the t-interval of the mean across runs, cut to the declared range', async () => {
    // 5 runs near the cap of 500: mean ± 1.96 se would pass 500, the t-interval even more so
    const finals = [500, 500, 470, 500, 440];
    const inputs = await runsOf({ PPO: finals.map((f) => [f / 2, f]) });
    const open = analyzeRuns(inputs, { resamples: 200 });
    const capped = analyzeRuns(inputs, { resamples: 200, range: { min: 0, max: 500 } });
    const last = (c: { hi: number[]; lo: number[] }) => [c.lo.at(-1) as number, c.hi.at(-1) as number];
    const mean = finals.reduce((a, b) => a + b) / 5;
    const sd = Math.sqrt(finals.reduce((a, f) => a + (f - mean) ** 2, 0) / 4);
    const half = (studentTQuantile(0.975, 4) * sd) / Math.sqrt(5);
    expect(studentTQuantile(0.975, 4)).toBeCloseTo(2.776, 3);
    const [lo, hi] = last(open.curves['CartPole-v1']?.PPO as { hi: number[]; lo: number[] });
    expect(lo).toBeCloseTo(mean - half, 9);
    expect(hi).toBeCloseTo(mean + half, 9);
    expect(hi).toBeGreaterThan(500);
    const band = capped.curves['CartPole-v1']?.PPO as { hi: number[]; lo: number[] };
    expect(Math.max(...band.hi)).toBe(500);
    expect(last(band)[0]).toBeCloseTo(mean - half, 9);
  });

  it('all runs equal: said in words with what 5 runs cannot rule out, never "[500, 500]"', async () => {
    const inputs = await runsOf({
      PPO: [0, 1, 2, 3, 4].map(() => [250, 500]),
      A2C: [300, 310, 420, 200, 260].map((f) => [f / 2, f]),
    });
    const analysis = analyzeRuns(inputs, { resamples: 500, range: { min: 0, max: 500 } });
    const ppo = analysis.summary.tasks['CartPole-v1']?.groups.PPO;
    expect(ppo?.all_equal).toBe(true);
    expect(analysis.summary.tasks['CartPole-v1']?.groups.A2C?.all_equal).toBe(false);
    const md = renderRunsMarkdown(analysis, notes, []);
    expect(md).toContain(
      'all 5 equal: no spread to estimate; 5 of 5 at the maximum (500): a new run may still fall short, with a chance of up to 45%',
    );
    expect(md).not.toContain('[500, 500]');
  });

  it('every pair says how many seeds it needs, per task and across tasks, in the JSON and in words', async () => {
    const make = (base: number) => [0, 1, 2, 3, 4].map((k) => [base / 2, base + 15 * k]);
    const tasks = ['CartPole-v1', 'Acrobot-v1'];
    const inputs = (
      await Promise.all(tasks.map((task) => runsOf({ A: make(300), B: make(270) }, task)))
    ).flat();
    const analysis = analyzeRuns(inputs, { resamples: 500, normalize: 'minmax' });
    const { summary } = analysis;
    const pairs = [...Object.values(summary.improvement).flat(), ...(summary.aggregate?.improvement ?? [])];
    expect(pairs).toHaveLength(6);
    for (const p of pairs) {
      // the plan belongs to the row the runs point to; its mirror has none
      if ((p.p as number) < 0.5) expect([p.power, p.seeds_needed]).toEqual([null, null]);
      else {
        expect(p.power).toBeGreaterThanOrEqual(0);
        expect(p.power).toBeLessThanOrEqual(1);
      }
      expect(p.seeds_needed === null || (p.seeds_needed >= 2 && p.seeds_needed <= 100)).toBe(true);
    }
    // A ends 30 above B with a spread of 60 in 5 seeds: unclear now, detectable with more seeds
    const ab = summary.improvement['CartPole-v1']?.find((p) => p.a === 'A') as (typeof pairs)[number];
    expect(ab.power).toBeLessThan(0.8);
    expect(ab.seeds_needed).toBeGreaterThan(5);
    // said once: B > A points the other way and has no plan of its own; both rows give one verdict
    const ba = summary.improvement['CartPole-v1']?.find((p) => p.a === 'B') as (typeof pairs)[number];
    expect([ba.power, ba.seeds_needed]).toEqual([null, null]);
    expect([ab.verdict, ba.verdict]).toEqual(['cannot-tell', 'cannot-tell']);
    const agg = summary.aggregate?.groups.A as AggregateSummary;
    for (const key of ['iqm', 'mean', 'median', 'optimality_gap'] as const) {
      const interval = agg[`${key}_ci`] ?? agg.ranges?.[key] ?? [Number.NaN, Number.NaN];
      const [lo, hi] = interval;
      expect(lo).toBeLessThanOrEqual(agg[key]);
      expect(hi).toBeGreaterThanOrEqual(agg[key]);
    }
    const md = renderRunsMarkdown(analysis, notes, []);
    // the runs-per-group column holds a number of runs, on A > B only; no "power" from these same runs
    expect(md).toContain(`| ${ab.seeds_needed} (simulated) |`);
    expect(md).not.toMatch(/of the time|power/);
    expect(md).toContain(
      '| A \\> B | P(A \\> B) | 90% CI of P(A \\> B) | p: A above B (one-sided exact) | verdict (exact test, 5% each way) | runs per group for an 80% chance |',
    );
    expect(md).toContain(
      '| group | IQM | 95% CI | median | 95% CI | mean | 95% CI | optimality gap | 95% CI |',
    );
  });

  it('evidence folders: the range their run.json declares cuts the band and names the maximum', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'runs-declared-'));
    for (const [k, final] of [500, 500, 470, 500, 440].entries()) {
      const folder = join(dir, 'PPO', `seed${k}`);
      mkdirSync(folder, { recursive: true });
      writeFileSync(join(folder, 'training_log.csv'), `step,reward\n1,${final / 2}\n2,${final}\n`);
      writeFileSync(
        join(folder, 'run.json'),
        JSON.stringify({
          environment: 'CartPole-v1',
          metrics: { reward: { better: 'higher', min: 0, max: 500 }, other: { better: 'lower' } },
        }),
      );
    }
    // read as every command reads them: @evidence/sources' discovery, run.json read once there
    const loaded = await loadRuns(dir, { pattern: '{group}/{run}' });
    const declared = withDeclaredRanges(loaded.runs, loaded.read);
    expect(declared[0]?.ranges).toEqual({ reward: { min: 0, max: 500 } });
    // a plain CSV declares nothing and is left as it is
    const plain = (
      await runsOf({
        A2C: [
          [100, 200],
          [120, 210],
        ],
      })
    )[0] as RunInput;
    expect(withDeclaredRanges([plain], [{ meta: {} }])[0]).toBe(plain);
    const analysis = analyzeRuns(declared, { resamples: 200 });
    expect(analysis.declared).toEqual({ 'CartPole-v1': { PPO: { min: 0, max: 500 } } });
    expect(Math.max(...(analysis.curves['CartPole-v1']?.PPO?.hi ?? []))).toBe(500);
    const equal = withDeclaredRanges(
      loaded.runs.map((run) => ({ ...run, group: 'B' })),
      loaded.read,
    );
    expect(equal.every((run) => run.ranges?.reward?.max === 500)).toBe(true);
  });
});
