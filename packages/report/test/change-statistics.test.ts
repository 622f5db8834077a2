import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_SEED as DEFAULT_BOOTSTRAP_SEED, std } from '@evidence/stats';
import { describe, expect, it } from 'vitest';
import { whiskerIntervals } from '../src/folder/whiskers.js';
import { compareEvalFiles, computeBeforeAfter } from '../src/index.js';
import { python, pythonMissing } from './helpers.js';

/** Episodes with rewards, a seed per episode (the start state) and optional outcomes. */
const episodes = (
  rewards: number[],
  extra: (i: number) => Record<string, unknown> = () => ({}),
): Record<string, unknown>[] => rewards.map((cumulative_reward, i) => ({ cumulative_reward, ...extra(i) }));

describe('paired or independent', () => {
  const rewards = (n: number, base: number) => Array.from({ length: n }, (_, i) => base + ((i * 37) % 11));

  it('pairs by an equal "seed" or "start_state" in every pair, else independent, and says why', () => {
    const seed = (i: number) => ({ seed: 100 + i });
    expect(
      computeBeforeAfter(episodes(rewards(8, 0), seed), episodes(rewards(8, 5), seed), { resamples: 0 })
        .pairing,
    ).toEqual({ paired: true, why: 'the same "seed" in every pair of episodes' });
    const state = (i: number) => ({ start_state: [0.01 * i, 0, -0.02, 0] });
    expect(
      computeBeforeAfter(episodes(rewards(8, 0), state), episodes(rewards(8, 5), state), { resamples: 0 })
        .pairing.paired,
    ).toBe(true);
    const shifted = computeBeforeAfter(
      episodes(rewards(8, 0), seed),
      episodes(rewards(8, 5), (i) => ({ seed: i === 3 ? 0 : 100 + i })),
      {
        resamples: 0,
        run: { evaluation: { paired: true } },
      },
    );
    expect(shifted.pairing).toEqual({
      paired: false,
      why: '"seed" differs in pair 4 (episode 4 of each file)',
    });
    expect(shifted.warnings).toContain(
      'run.json says the evaluation is paired, but "seed" differs in pair 4 (episode 4 of each file)',
    );
    const counts = computeBeforeAfter(episodes(rewards(8, 0), seed), episodes(rewards(9, 5), seed), {
      resamples: 0,
    });
    expect(counts.pairing).toEqual({
      paired: false,
      why: 'the numbers of episodes differ (8 before, 9 after)',
    });
    const told = computeBeforeAfter(episodes(rewards(8, 0)), episodes(rewards(8, 5)), {
      resamples: 0,
      run: { evaluation: { paired: true } },
    });
    expect(told.pairing).toEqual({ paired: true, why: 'run.json says the start states are paired' });
    const inOtherWords = computeBeforeAfter(episodes(rewards(8, 0)), episodes(rewards(8, 5)), {
      resamples: 0,
      run: { evaluation: { paired_start_states: true } },
    });
    expect(inOtherWords.pairing.paired).toBe(true);
    expect(
      computeBeforeAfter(episodes(rewards(8, 0)), episodes(rewards(8, 5)), { resamples: 0 }).pairing.paired,
    ).toBe(false);
  });

  it('the paired bootstrap gives a narrower interval when start states explain most of the spread', () => {
    const hardness = Array.from({ length: 40 }, (_, i) => (i * 53) % 400);
    const pre = episodes(hardness, (i) => ({ seed: i }));
    const post = episodes(
      hardness.map((h, i) => h + 30 + ((i * 7) % 5)),
      (i) => ({ seed: i }),
    );
    const paired = computeBeforeAfter(pre, post, { resamples: 2000 });
    const independent = computeBeforeAfter(pre, post, {
      resamples: 2000,
      run: { evaluation: { paired: false } },
    });
    expect(paired.method.mean_reward).toBe('bootstrap-percentile-paired');
    expect(independent.pairing.paired).toBe(true); // the seeds win over run.json
    const unpaired = computeBeforeAfter(
      pre.map(({ seed: _s, ...r }) => r),
      post.map(({ seed: _s, ...r }) => r),
      { resamples: 2000 },
    );
    expect(unpaired.method.mean_reward).toBe('bootstrap-percentile');
    const width = ([lo, hi]: [number, number]) => hi - lo;
    expect(width(paired.ci95.mean_reward as [number, number])).toBeLessThan(
      width(unpaired.ci95.mean_reward as [number, number]) / 5,
    );
    expect(paired.verdict.mean_reward).toBe('better');
    expect(unpaired.verdict.mean_reward).toBe('unclear');
  });
});

describe('the bootstrap against NumPy on the same resamples', () => {
  it.skipIf(pythonMissing !== null)(
    `paired and independent, every reward statistic and P ${pythonMissing ?? ''}`,
    () => {
      const pre = Float64Array.from({ length: 23 }, (_, i) => Math.sin(i * 1.7) * 40 + (i % 5));
      const post = Float64Array.from({ length: 23 }, (_, i) => Math.cos(i * 0.9) * 30 + 25 + (i % 3));
      for (const paired of [true, false]) {
        // the same start state in every pair makes the episodes paired; other seeds after make them independent
        const m = computeBeforeAfter(
          [...pre].map((cumulative_reward, i) => ({ cumulative_reward, seed: i })),
          [...post].map((cumulative_reward, i) => ({ cumulative_reward, seed: paired ? i : i + 1000 })),
          { resamples: 300, seed: 5 },
        );
        expect(m.pairing.paired).toBe(paired);
        const ours = {
          ci95: m.ci95 as Record<string, [number, number]>,
          pImprovement: m.p_improvement_ci95 as [number, number],
        };
        const oracle = python<Record<string, [number, number]>>(
          `
import json, sys, numpy as np
job = json.load(sys.stdin)
M = 0xFFFFFFFF
def mulberry32(seed):
    state = seed & M
    def draw():
        nonlocal state
        state = (state + 0x6D2B79F5) & M
        t = state
        t = ((t ^ (t >> 15)) * (t | 1)) & M
        t = (t ^ ((t + (((t ^ (t >> 7)) * (t | 61)) & M)) & M)) & M
        return ((t ^ (t >> 14)) & M) / 4294967296
    return draw
pre, post = np.array(job['pre']), np.array(job['post'])
if not job['paired']:  # independent sides: draws index each side's rewards in ascending order
    pre, post = np.sort(pre), np.sort(post)
random = mulberry32(job['seed'])
def indices(n):
    return np.array([int(random() * n) for _ in range(n)])
def trim_mean(x):
    s = np.sort(x); k = int(0.25 * len(s)); return np.mean(s[k:len(s) - k])
def stats(x):
    return [np.mean(x), np.median(x), np.std(x, ddof=1), trim_mean(x)]
def improvement(x, y):
    return ((y[None, :] > x[:, None]).sum() + 0.5 * (y[None, :] == x[:, None]).sum()) / (x.size * y.size)
deltas, p = [], []
for _ in range(job['resamples']):
    i = indices(len(pre))
    j = i if job['paired'] else indices(len(post))
    a, b = pre[i], post[j]
    deltas.append(np.subtract(stats(b), stats(a)))
    p.append(improvement(a, b))
deltas = np.array(deltas)
out = {name: list(np.percentile(deltas[:, k], [2.5, 97.5])) for k, name in enumerate(['mean_reward', 'median_reward', 'std', 'iqm'])}
out['p'] = list(np.percentile(p, [2.5, 97.5]))
print(json.dumps(out))
`,
          { pre: [...pre], post: [...post], paired, resamples: 300, seed: 5 },
        );
        for (const name of ['mean_reward', 'median_reward', 'std', 'iqm'] as const) {
          expect(ours.ci95[name]?.[0], `${name} paired=${paired}`).toBeCloseTo(
            oracle[name]?.[0] as number,
            9,
          );
          expect(ours.ci95[name]?.[1], `${name} paired=${paired}`).toBeCloseTo(
            oracle[name]?.[1] as number,
            9,
          );
        }
        expect(ours.pImprovement[0]).toBeCloseTo(oracle.p?.[0] as number, 12);
        expect(ours.pImprovement[1]).toBeCloseTo(oracle.p?.[1] as number, 12);
      }
    },
  );
});

describe('P(after > before)', () => {
  it('when every after-episode beat every before-episode: a sentence, never "95% CI 1–1"', () => {
    const m = computeBeforeAfter(
      episodes(Array.from({ length: 50 }, (_, i) => 10 + i)),
      episodes(Array.from({ length: 50 }, (_, i) => 200 + i)),
      { resamples: 500 },
    );
    expect(m.p_improvement).toBe(1);
    expect(m.p_improvement_ci95).toBeNull();
    expect(m.p_improvement_note).toBe('every after-episode beat every before-episode (n = 50 each)');
  });

  it('keeps its interval when it can express uncertainty', () => {
    const m = computeBeforeAfter(episodes([1, 2, 3, 4, 5, 6, 7, 8]), episodes([3, 4, 5, 6, 7, 8, 9, 10]), {
      resamples: 500,
    });
    expect(m.p_improvement_note).toBeNull();
    const [lo, hi] = m.p_improvement_ci95 as [number, number];
    expect(lo).toBeLessThan(m.p_improvement);
    expect(hi).toBeGreaterThan(lo);
  });
});

describe('direction and verdict', () => {
  const pre = episodes(
    Array.from({ length: 40 }, (_, i) => 20 + i),
    (i) => ({ pole_fell: i % 10 !== 0, cart_out: false, wobbly: i % 2 === 0, tidy: i < 5 }),
  );
  const post = episodes(
    Array.from({ length: 40 }, (_, i) => 400 + i),
    (i) => ({ pole_fell: i % 10 === 0, cart_out: i < 2, wobbly: i % 3 === 0, tidy: i < 30 }),
  );

  it('fewer failures are better, a higher reward is better, std and unknown outcomes are neutral', () => {
    const m = computeBeforeAfter(pre, post, { resamples: 500 });
    expect(m.delta.pole_fell).toBeLessThan(0);
    expect(m.direction).toMatchObject({
      pole_fell: 'lower',
      cart_out: 'lower',
      mean_reward: 'higher',
      std: 'neutral',
      wobbly: 'neutral',
    });
    expect(m.verdict).toMatchObject({
      pole_fell: 'better',
      mean_reward: 'better',
      std: 'neutral',
      wobbly: 'neutral',
    });
    expect(m.verdict.cart_out).toBe('unclear'); // 0 of 40 → 2 of 40: the interval includes 0
    expect(m.ci95.cart_out?.[0]).toBeLessThan(0);
  });

  it('run.json states the direction of any other metric, and of the reward', () => {
    const m = computeBeforeAfter(pre, post, {
      resamples: 500,
      run: {
        metrics: {
          wobbly: { better: 'lower' },
          tidy: { better: 'higher' },
          cumulative_reward: { better: 'lower' },
          bad: 3,
        },
      },
    });
    expect(m.direction).toMatchObject({ wobbly: 'lower', tidy: 'higher', mean_reward: 'lower' });
    expect(m.verdict.tidy).toBe('better');
    expect(m.verdict.mean_reward).toBe('worse');
    expect(m.warnings).toContain('run.json metrics.bad: expected an object, got 3; ignored');
  });
});

describe('whiskers stay inside the possible range', () => {
  it('a rate whisker never leaves [0, 1]; a reward whisker never passes the cap run.json states', () => {
    const pre = episodes(
      Array.from({ length: 30 }, (_, i) => 9 + (i % 7)),
      (i) => ({ solved: i === 0, seed: i }),
    );
    const post = episodes(
      Array.from({ length: 30 }, (_, i) => (i < 28 ? 500 : 480)),
      (i) => ({ solved: true, seed: i }),
    );
    const run = { metrics: { cumulative_reward: { min: 0, max: 500 } } };
    const m = computeBeforeAfter(pre, post, { resamples: 1000, run });
    const raw = (m.pre.solved as number) + (m.ci95.solved?.[1] as number);
    expect(raw).toBeGreaterThan(1); // the change's interval, drawn from pre, would pass 1
    const whiskers = whiskerIntervals(m);
    for (const key of ['solved', 'mean_reward', 'median_reward', 'iqm']) {
      const [lo, hi] = m.bounds[key] as [number, number];
      expect((m.pre[key] as number) + (whiskers[key]?.[1] as number), key).toBeLessThanOrEqual(hi);
      expect((m.pre[key] as number) + (whiskers[key]?.[0] as number), key).toBeGreaterThanOrEqual(lo);
      expect(m.post_ci95[key]?.[1], key).toBeLessThanOrEqual(hi);
    }
    expect(m.bounds.mean_reward).toEqual([0, 500]);
    expect(m.warnings).toEqual([]);
    const over = computeBeforeAfter(pre, post, { resamples: 0, run: { metrics: { reward: { max: 490 } } } });
    expect(over.warnings).toEqual(['28 episode rewards outside the range run.json states (−∞ to 490)']);
  });
});

describe('overflow', () => {
  it.skipIf(pythonMissing !== null)(
    `std of rewards near 1e308 is finite and right (Python's exact statistics.stdev) ${pythonMissing ?? ''}`,
    () => {
      const huge = [1.5e308, -1.2e308, 9e307, 1.7e308, -3e307];
      const oracle = python<number>(
        'import json, sys, statistics; print(json.dumps(statistics.stdev(json.load(sys.stdin))))',
        huge,
      );
      expect(std(huge) / oracle).toBeCloseTo(1, 12);
      const m = computeBeforeAfter(episodes(huge), episodes(huge.map((x) => x / 2)), { resamples: 300 });
      expect(Number.isFinite(m.pre.std)).toBe(true);
      expect(Number.isFinite(m.pre.mean_reward)).toBe(true);
      expect(
        m.pre.mean_reward /
          python<number>(
            'import json, sys, statistics; print(json.dumps(float(statistics.mean(json.load(sys.stdin)))))',
            huge,
          ),
      ).toBeCloseTo(1, 12);
      for (const key of ['mean_reward', 'std', 'iqm']) {
        const [lo, hi] = m.ci95[key] as [number, number];
        expect(Number.isFinite(lo) && Number.isFinite(hi), key).toBe(true);
      }
      // A resample's change of median can truly pass the largest double here (0.85e308 − (−1.2e308)):
      // where over 2.5 % of them do, the end is infinite, and the warnings say so; nothing else warns.
      const median = m.ci95.median_reward as [number, number];
      const expected = median.flatMap((end, i) =>
        Number.isFinite(end)
          ? []
          : [
              `ci95.median_reward[${i}] is ${end > 0 ? '' : '−'}infinite (beyond ±1.8e308, the largest double); JSON shows it as null`,
            ],
      );
      expect(m.warnings).toEqual(expected);
    },
  );

  it('a value beyond the largest double is named in the warnings (JSON writes it as null)', () => {
    const m = computeBeforeAfter(episodes([-1.7e308, 1.7e308, 1.7e308]), episodes([1e308, 1e308, 1e308]), {
      resamples: 100,
    });
    expect(m.pre.std).toBe(Number.POSITIVE_INFINITY);
    expect(m.warnings).toContain(
      'pre.std is infinite (beyond ±1.8e308, the largest double); JSON shows it as null',
    );
  });
});

it('one default seed, 0, shared by every caller', () => {
  expect(DEFAULT_BOOTSTRAP_SEED).toBe(0);
  const m = computeBeforeAfter(episodes([1, 5, 2, 8]), episodes([3, 9, 4, 7]), { resamples: 200 });
  expect(m.bootstrap.seed).toBe(DEFAULT_BOOTSTRAP_SEED);
  expect(m).toEqual(
    computeBeforeAfter(episodes([1, 5, 2, 8]), episodes([3, 9, 4, 7]), { resamples: 200, seed: 0 }),
  );
});

describe('a reward key no episode has', () => {
  it('compareEvalFiles names the key and the keys there are, not "N bad lines"', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'report-reward-key-'));
    const file = join(dir, 'pre.jsonl');
    writeFileSync(
      file,
      '{"episode": 0, "return": 1, "solved": true}\n{"episode": 1, "return": 2, "solved": false}\n',
    );
    await expect(compareEvalFiles(file, file, { resamples: 0 })).rejects.toThrow(
      `${file}: no episode has the reward key "cumulative_reward"; the episodes' keys are episode, return, solved`,
    );
    expect((await compareEvalFiles(file, file, { rewardKey: 'return', resamples: 0 })).pre.n).toBe(2);
  });
});
