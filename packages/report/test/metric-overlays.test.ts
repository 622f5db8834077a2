import { describe, expect, it } from 'vitest';
import { embedOverlay } from '../src/page/index.js';
import { GROUP_COLORS, type MetricRun, metricOverlays } from '../src/runs/metric-overlays.js';

const steps = [0, 10, 20, 30, 40];
const run = (
  id: string,
  group: string,
  scale: number,
  options: { loss?: boolean; wall?: boolean } = {},
): MetricRun => ({
  id,
  group,
  series: [
    {
      metric: 'reward',
      steps,
      values: steps.map((x) => x * scale),
      wallTimes: steps.map((x) => (options.wall ? 1_700_000_000 + x : Number.NaN)),
    },
    ...(options.loss === false
      ? []
      : [{ metric: 'loss', steps, values: steps.map((x) => 1 / (1 + x * scale)) }]),
  ],
});

describe('metricOverlays: a folder of runs as one chart per metric', () => {
  const runs = [
    run('cfg10/seed_0', 'cfg10', 3),
    run('cfg2/seed_0', 'cfg2', 1, { wall: true }),
    run('cfg2/seed_1', 'cfg2', 2, { wall: true }),
    run('cfg2/seed_2', 'cfg2', 3, { loss: false, wall: true }),
    run('cfg10/seed_1', 'cfg10', 5),
  ];
  const overlays = metricOverlays(runs);

  it('one overlay per metric, each with the runs that logged it, groups in natural order and colours', () => {
    expect(overlays.map((o) => o.metric)).toEqual(['loss', 'reward']);
    expect(overlays[0]?.runs.map((r) => r.name)).toEqual([
      'cfg10/seed_0',
      'cfg2/seed_0',
      'cfg2/seed_1',
      'cfg10/seed_1',
    ]);
    expect(overlays[1]?.groups.map((g) => [g.name, g.color, g.runs])).toEqual([
      ['cfg2', GROUP_COLORS[0], 3],
      ['cfg10', GROUP_COLORS[1], 2],
    ]);
  });

  it("each group's mean and the t-interval of the mean on a grid over its runs' steps", () => {
    const cfg2 = overlays[1]?.groups[0];
    expect(cfg2?.x).toHaveLength(100);
    expect(cfg2?.x[0]).toBe(0);
    expect(cfg2?.x[99]).toBe(40);
    // at step 40: the runs logged 40, 80, 120
    expect(cfg2?.center[99]).toBeCloseTo(80, 12);
    // t of 2 degrees of freedom (scipy.stats.t.ppf(0.975, 2)), not the normal's 1.96
    const half = 4.302652729749462 * Math.sqrt(1600 / 3);
    expect(cfg2?.low[99]).toBeCloseTo(80 - half, 10);
    expect(cfg2?.high[99]).toBeCloseTo(80 + half, 10);
    // between logged steps, each run interpolated linearly (the one curve rule of @evidence/stats)
    const at = Array.from(cfg2?.x ?? []).findIndex((x) => x > 10 && x < 20);
    const x = cfg2?.x[at] as number;
    expect(cfg2?.center[at]).toBeCloseTo(2 * x, 12); // the runs' mean rises 80 over 40 steps
  });

  it('wall time only for runs that logged it; the page data keeps every run', () => {
    const reward = overlays[1];
    expect(reward?.runs.map((r) => r.wall !== null)).toEqual([false, true, true, true, false]);
    const embedded = embedOverlay(reward as NonNullable<typeof reward>);
    expect(embedded.runs.map((r) => r.points)).toEqual([5, 5, 5, 5, 5]);
    // the first wall time as logged, each point's as milliseconds after it
    expect(embedded.runs[1]?.wallStart).toBe(1_700_000_000);
    expect(embedded.runs[1]?.wall).toEqual([0, 10, 20, 30, 40]);
  });

  it('5 runs: the band is 2.776 × s/√n, cut to the maximum every run declares', () => {
    const finals = [90, 95, 99, 100, 100];
    const five = finals.map((final, i) => ({
      id: `ppo/seed_${i}`,
      group: 'ppo',
      series: [{ metric: 'success', steps, values: steps.map((x) => (final * x) / 40) }],
      ranges: { success: { min: 0, max: 100 } },
    }));
    const [overlay] = metricOverlays(five);
    const group = overlay?.groups[0];
    const m = finals.reduce((a, b) => a + b, 0) / 5;
    const s = Math.sqrt(finals.reduce((a, b) => a + (b - m) ** 2, 0) / 4);
    // scipy.stats.t.ppf(0.975, 4)
    const half = (2.7764451051977934 * s) / Math.sqrt(5);
    expect(group?.center[99]).toBeCloseTo(m, 12);
    expect(group?.low[99]).toBeCloseTo(m - half, 10);
    expect(m + half).toBeGreaterThan(100);
    expect(group?.high[99]).toBe(100);
    for (const high of Array.from(group?.high ?? []))
      if (Number.isFinite(high)) expect(high).toBeLessThanOrEqual(100);
    // without a declared range the same runs reach past 100
    const [free] = metricOverlays(five.map(({ ranges: _, ...run }) => run));
    expect(free?.groups[0]?.high[99]).toBeCloseTo(m + half, 10);
    // one run declaring no maximum: the group has none
    const [mixed] = metricOverlays([
      ...five.slice(0, 4),
      { ...five[4], ranges: {} } as (typeof five)[number],
    ]);
    expect(mixed?.groups[0]?.high[99]).toBeCloseTo(m + half, 10);
  });

  it('runs of several tasks: one overlay per metric per task, never a line or a mean of another task', () => {
    const tasked = [
      { ...run('a/hopper', 'a', 1), task: 'Hopper' },
      { ...run('a/walker', 'a', 10), task: 'Walker' },
      { ...run('b/walker', 'b', 20, { loss: false }), task: 'Walker' },
    ];
    const overlays = metricOverlays(tasked);
    expect(overlays.map((o) => [o.metric, o.title])).toEqual([
      ['loss', 'loss (Hopper)'],
      ['loss', 'loss (Walker)'],
      ['reward', 'reward (Hopper)'],
      ['reward', 'reward (Walker)'],
    ]);
    expect(overlays.map((o) => o.runs.map((r) => r.name))).toEqual([
      ['a/hopper'],
      ['a/walker'],
      ['a/hopper'],
      ['a/walker', 'b/walker'],
    ]);
    // group a's mean in Walker is its Walker run alone (40 · 10 at step 40), not averaged with Hopper
    const walker = overlays[3]?.groups.find((g) => g.name === 'a');
    expect(walker?.center[99]).toBeCloseTo(400, 12);
    // group colours stay those of the whole folder in every task's chart
    expect(overlays[2]?.groups.map((g) => g.color)).toEqual([GROUP_COLORS[0]]);
    expect(overlays[3]?.groups.map((g) => g.color)).toEqual([GROUP_COLORS[0], GROUP_COLORS[1]]);
    // one task (or none said): titles are the metric names, as before
    expect(metricOverlays(tasked.slice(1)).map((o) => o.title)).toEqual(['loss', 'reward']);
  });
});
