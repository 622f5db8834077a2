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

  it("each group's mean and a band of 1.96 standard errors on a grid over its runs' steps", () => {
    const cfg2 = overlays[1]?.groups[0];
    expect(cfg2?.x).toHaveLength(100);
    expect(cfg2?.x[0]).toBe(0);
    expect(cfg2?.x[99]).toBe(40);
    // at step 40: the runs logged 40, 80, 120
    expect(cfg2?.center[99]).toBeCloseTo(80, 12);
    const half = 1.96 * Math.sqrt(1600 / 3);
    expect(cfg2?.low[99]).toBeCloseTo(80 - half, 10);
    expect(cfg2?.high[99]).toBeCloseTo(80 + half, 10);
    // between logged steps, each run's last value before
    const at = Array.from(cfg2?.x ?? []).findIndex((x) => x > 10 && x < 20);
    expect(cfg2?.center[at]).toBeCloseTo(20, 12);
  });

  it('wall time only for runs that logged it; the page data keeps every run', () => {
    const reward = overlays[1];
    expect(reward?.runs.map((r) => r.wall !== null)).toEqual([false, true, true, true, false]);
    const embedded = embedOverlay(reward as NonNullable<typeof reward>);
    expect(embedded.runs.map((r) => r.points)).toEqual([5, 5, 5, 5, 5]);
    expect(embedded.runs[1]?.wall?.[0]).toBe(1_700_000_000);
  });
});
