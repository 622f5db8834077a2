import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadCsvLog } from '@evidence/csv-log';
import { describe, expect, it } from 'vitest';
import {
  beforeAfterChart,
  checkpointProgressionChart,
  columnsChart,
  encodeChart,
  MAX_RATE_BARS,
  renderBeforeAfter,
  renderColumns,
  renderRewardDistribution,
  renderTrainingCurve,
  rewardComponentsChart,
  rewardDistributionChart,
  trainingCurveChart,
} from '../src/index.js';
import { diffImages, expectGolden, FIXTURES, pixels, tempDir } from './helpers.js';

const f = (name: string) => join(FIXTURES, name);
const golden = async (name: string, chart: Parameters<typeof encodeChart>[0]) =>
  expectGolden(name, await encodeChart(chart, 'png', 1));

const python = (() => {
  try {
    execFileSync('python3', ['-c', 'import xml.dom.minidom']);
    return true;
  } catch {
    if (process.env.CI !== 'true') console.warn('skipping the SVG XML test: python3 is not available');
    return false;
  }
})();

describe('every chart from the Python reference fixtures (golden images)', () => {
  it('training curve', async () => golden('training_curve', await trainingCurveChart(f('training_log.csv'))));
  it('reward components', async () =>
    golden('reward_components', await rewardComponentsChart(f('reward_components.csv'))));
  it('checkpoint progression', async () =>
    golden('checkpoint_progression', await checkpointProgressionChart(f('checkpoint_evals.csv'))));
  it('before/after with n in the legend and signed deltas', async () =>
    golden('before_after_summary', await beforeAfterChart(f('pre_eval.jsonl'), f('post_eval.jsonl'))));
  it('before/after with confidence whiskers from a summary', async () => {
    const metrics = JSON.parse(readFileSync(f('before_after_metrics.json'), 'utf8'));
    const ci95 = {
      mean_reward: [0.7, 1.25],
      success_rate: [0.42, 0.78],
      mass_acc: [0.25, 0.62],
      channel_acc: [0.22, 0.6],
    };
    await golden(
      'before_after_ci',
      await beforeAfterChart(f('pre_eval.jsonl'), f('post_eval.jsonl'), { summary: { ...metrics, ci95 } }),
    );
  });
  it('reward distribution on shared bins with means in the legend', async () =>
    golden('reward_distribution', await rewardDistributionChart(f('pre_eval.jsonl'), f('post_eval.jsonl'))));
  it('any columns, log scale', async () =>
    golden(
      'columns_log',
      await columnsChart(f('training_log.csv'), {
        x: 'step',
        y: ['learning_rate', 'kl', 'grad_norm'],
        logY: true,
      }),
    ));
});

describe('an aggregate with its band (the runs page overlay as a picture)', () => {
  const x = Float64Array.from({ length: 60 }, (_, i) => i * 1000);
  const mean = (g: number) => x.map((v) => ((g + 1) * Math.sqrt(v)) / 10);
  const chart = (runs: boolean): Parameters<typeof encodeChart>[0] => ({
    title: 'reward of 2 groups × 3 seeds (shaded: 95% band)',
    xLabel: 'step',
    width: 640,
    height: 360,
    panels: [
      {
        yLabel: 'reward',
        series: [0, 1].flatMap((g) => {
          const color = g ? '#c026d3' : '#1d4ed8';
          const m = mean(g);
          return [
            {
              type: 'band' as const,
              x,
              low: m.map((v) => v * 0.85),
              high: m.map((v, i) => (i === 30 ? Number.NaN : v * 1.15)),
              color,
            },
            ...(runs
              ? [0, 1, 2].map((s) => ({
                  type: 'line' as const,
                  x,
                  y: m.map((v, i) => v * (0.9 + 0.1 * s) + Math.sin(i + s)),
                  color,
                  width: 1,
                  alpha: 0.3,
                }))
              : []),
            { type: 'line' as const, label: `group ${g} mean`, x, y: m, color, width: 2.5 },
          ];
        }),
      },
    ],
  });

  it('PNG (golden): filled bands broken where a bound is missing, thin runs, bold means', () =>
    golden('aggregate_band', chart(true)));

  it('SVG: one filled path per stretch of band, and the bands widen the y range', async () => {
    const svg = (await encodeChart(chart(false), 'svg')).toString('utf8');
    // two groups, each band broken once by its NaN: four filled stretches, drawn with the band's alpha
    expect(svg.match(/<path fill="#(1D4ED8|C026D3)" fill-opacity="0.18/g)).toHaveLength(4);
    expect(svg.length).toBeLessThan(60_000);
  });
});

describe('titles are never cut', () => {
  it('a title wider than the image wraps onto two lines, inside the image (golden)', async () => {
    const x = [0, 1, 2];
    const chart: Parameters<typeof encodeChart>[0] = {
      title:
        'P(A > B): chance a run of A ends above a run of B (whiskers: 95% interval) — 16 workers, seeds 0–15',
      xLabel: 'step',
      width: 640,
      height: 300,
      panels: [
        {
          yLabel: 'a very long y label to push the plot right',
          series: [{ type: 'line', x, y: x, color: '#1d4ed8' }],
        },
      ],
    };
    const png = await encodeChart(chart, 'png', 1);
    const { data, width } = await pixels(png);
    const inked = (rows: [number, number], columns: [number, number]) => {
      let n = 0;
      for (let y = rows[0]; y < rows[1]; y++)
        for (let x = columns[0]; x < columns[1]; x++) if ((data[(y * width + x) * 4] as number) < 128) n++;
      return n;
    };
    expect(inked([8, 34], [0, width])).toBeGreaterThan(200); // first line
    expect(inked([34, 56], [0, width])).toBeGreaterThan(100); // second line
    expect(inked([0, 56], [0, 6]) + inked([0, 56], [width - 6, width])).toBe(0); // nothing at the edges
    await golden('long_title', chart);
  });
});

describe('chart content', () => {
  it('before/after: deltas from the data, n from the records', async () => {
    const chart = await beforeAfterChart(f('pre_eval.jsonl'), f('post_eval.jsonl'));
    const [rewards, rates] = chart.panels;
    expect(rewards!.categories).toEqual(['mean reward', 'median reward']);
    expect(rewards!.groupNotes![0]).toBe('+0.99'); // as the reference chart
    expect(rates!.categories).toEqual(['discovery rate', 'mass acc.', 'channel acc.']);
    expect(rates!.groupNotes).toEqual(['+0.60', '+0.45', '+0.43']); // as the reference chart
    expect(rates!.yDomain).toEqual([0, 1]);
    expect(chart.panels.flatMap((p) => p.series.map((s) => s.label)).filter(Boolean)).toEqual([
      'pre (n=40)',
      'post (n=40)',
    ]);
  });

  it('before/after: rewards of any scale get their own axis, rates stay on [0, 1] and readable', async () => {
    // CartPole-like: mean reward 24 → 500 beside rates 0 → 1; on one axis the rate bars would vanish
    const episode = (reward: number, solved: boolean) => ({
      cumulative_reward: reward,
      solved,
      pole_fell: !solved,
    });
    const pre = Array.from({ length: 50 }, (_, i) => episode(15 + (i % 20), false));
    const post = Array.from({ length: 50 }, () => episode(500, true));
    const chart = await beforeAfterChart(pre, post);
    expect(chart.layout).toBe('columns');
    const [rewards, rates] = chart.panels;
    expect(rewards!.categories).toEqual(['mean reward', 'median reward']);
    expect(rewards!.yDomain).toBeUndefined();
    expect(rates!.categories).toEqual(['pole fell', 'solved']);
    expect(rates!.yDomain).toEqual([0, 1]);
    expect(rates!.groupNotes).toEqual(['−1.00', '+1.00']);
    const png = await encodeChart(chart, 'png', 1);
    const { data, width } = await pixels(png);
    // the post "solved" bar (rate 1) is drawn full height: blue pixels in the top half of the rates panel
    let blueHigh = 0;
    for (let y = 120; y < 270; y++)
      for (let x = Math.round(width * 0.6); x < width; x++) {
        const i = (y * width + x) * 4;
        if (data[i] === 0x1d && data[i + 1] === 0x4e && data[i + 2] === 0xd8) blueHigh++;
      }
    expect(blueHigh).toBeGreaterThan(1000);
    await golden('before_after_large_rewards', chart);
  });

  it('before/after: at most 12 rate bars, the x label says how many of how many; summary.rates picks them', async () => {
    // an evaluation of 1,000 outcome keys: 2,000 bars would be unreadable (300,000 took a minute to encode)
    const episode = (reward: number, flip: boolean) => ({
      cumulative_reward: reward,
      ...Object.fromEntries(
        Array.from({ length: 1000 }, (_, i) => [`o${String(i).padStart(4, '0')}`, (i % 2 === 0) === flip]),
      ),
    });
    const chart = await beforeAfterChart([episode(1, false)], [episode(2, true)]);
    const rates = chart.panels[1]!;
    expect(rates.categories).toHaveLength(MAX_RATE_BARS);
    expect(rates.categories).toEqual(Array.from({ length: 12 }, (_, i) => `o${String(i).padStart(4, '0')}`));
    expect(chart.xLabel).toBe('12 of 1,000 rates drawn; 988 not drawn');
    const chosen = await beforeAfterChart([episode(1, false)], [episode(2, true)], {
      summary: { pre: {}, post: {}, delta: {}, rates: ['o0999', 'o0500'] },
    });
    // the chart's own order (sorted), only those named
    expect(chosen.panels[1]!.categories).toEqual(['o0500', 'o0999']);
    expect(chosen.xLabel).toBe('2 of 1,000 rates drawn; 998 not drawn');
    // a few rates: no label, every one drawn
    const few = await beforeAfterChart(
      [{ cumulative_reward: 1, won: true }],
      [{ cumulative_reward: 2, won: false }],
    );
    expect(few.xLabel).toBeUndefined();
    expect(few.panels[1]!.categories).toEqual(['won']);
  });

  it('panels side by side: each line is drawn within its own panel, over the full x range', async () => {
    const x = Float64Array.from({ length: 100 }, (_, i) => i);
    const png = await encodeChart(
      {
        layout: 'columns',
        legend: 'above',
        panels: [
          { series: [{ type: 'line', label: 'a', x, y: x, color: '#ff0000', width: 3 }] },
          {
            yDomain: [0, 1],
            series: [{ type: 'line', label: 'b', x, y: x.map(() => 0.5), color: '#00ff00', width: 3 }],
          },
        ],
      },
      'png',
      1,
    );
    const { data, width, height } = await pixels(png);
    const columnsOf = (r: number, g: number) => {
      let lo = width;
      let hi = 0;
      for (let y = 60; y < height; y++)
        for (let px = 0; px < width; px++) {
          const i = (y * width + px) * 4;
          if (data[i] === r && data[i + 1] === g && data[i + 2] === 0) {
            lo = Math.min(lo, px);
            hi = Math.max(hi, px);
          }
        }
      return [lo, hi];
    };
    const [redLo, redHi] = columnsOf(255, 0);
    const [greenLo, greenHi] = columnsOf(0, 255);
    expect(redHi).toBeLessThan(width / 2);
    expect(greenLo).toBeGreaterThan(width / 2);
    expect(redHi! - redLo!).toBeGreaterThan(width / 2 - 150); // spans its panel, not half of it
    expect(greenHi! - greenLo!).toBeGreaterThan(width / 2 - 150);
  });

  it('reward distribution: both histograms share the same round edges and count every episode', async () => {
    const chart = await rewardDistributionChart(f('pre_eval.jsonl'), f('post_eval.jsonl'));
    const [pre, post] = chart.panels[0]!.series as unknown as {
      edges: number[];
      counts: number[];
      label: string;
    }[];
    expect(pre!.edges).toBe(post!.edges);
    for (const e of pre!.edges) expect(Number(e.toPrecision(12))).toBe(e);
    expect(pre!.counts.reduce((a, b) => a + b)).toBe(40);
    expect(post!.counts.reduce((a, b) => a + b)).toBe(40);
    expect(pre!.label).toBe('pre (n=40, mean +0.05)');
    expect(post!.label).toBe('post (n=40, mean +1.03)');
  });

  it('a log loaded by @evidence/csv-log draws the same as its path', async () => {
    const loaded = await loadCsvLog(f('training_log.csv'));
    const a = await encodeChart(await trainingCurveChart(loaded), 'png', 1);
    const b = await encodeChart(await trainingCurveChart(f('training_log.csv')), 'png', 1);
    const diff = await diffImages(a, b);
    expect(diff.mean).toBe(0);
  });

  it('the extension picks the format: PNG, SVG (valid XML with text) and PDF', async () => {
    const dir = tempDir();
    const png = await renderTrainingCurve(f('training_log.csv'), join(dir, 'c.png'));
    const svg = await renderTrainingCurve(f('training_log.csv'), join(dir, 'c.svg'));
    const pdf = await renderTrainingCurve(f('training_log.csv'), join(dir, 'c.pdf'));
    expect(readFileSync(png).subarray(1, 4).toString()).toBe('PNG');
    expect(readFileSync(pdf).subarray(0, 5).toString()).toBe('%PDF-');
    const text = readFileSync(svg, 'utf8');
    expect(text.startsWith('<?xml') || text.startsWith('<svg')).toBe(true);
    expect(text).toContain('<text');
    expect(text).toContain('training step');
    await expect(renderTrainingCurve(f('training_log.csv'), join(dir, 'c.jpg'))).rejects.toThrow(
      /\.png, \.svg or \.pdf/,
    );
  });

  it('the SVG looks the same as the PNG (SVG rasterised by Skia vs direct PNG)', async () => {
    const { createCanvas, loadImage } = await import('@napi-rs/canvas');
    for (const chart of [
      await rewardComponentsChart(f('reward_components.csv')),
      await beforeAfterChart(f('pre_eval.jsonl'), f('post_eval.jsonl')),
    ]) {
      const image = await loadImage(await encodeChart(chart, 'svg'));
      const canvas = createCanvas(960, chart.height ?? 640);
      canvas.getContext('2d').drawImage(image, 0, 0, 960, chart.height ?? 640);
      const diff = await diffImages(await encodeChart(chart, 'png', 1), canvas.toBuffer('image/png'));
      expect(diff.sameSize).toBe(true);
      expect(diff.mean).toBeLessThan(1);
      expect(diff.changed).toBeLessThan(0.005);
    }
  });

  it.skipIf(!python && process.env.CI !== 'true')(
    'SVG parses as XML (Python xml.dom.minidom as the oracle)',
    async () => {
      const dir = tempDir();
      const svg = await renderBeforeAfter(f('pre_eval.jsonl'), f('post_eval.jsonl'), join(dir, 'b.svg'));
      const out = execFileSync('python3', [
        '-c',
        'import sys, xml.dom.minidom as m; d = m.parse(sys.argv[1]); print(len(d.getElementsByTagName("text")))',
        svg,
      ]).toString();
      expect(Number(out)).toBeGreaterThan(10);
    },
  );
});

describe('edge cases', () => {
  const csv = (dir: string, name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };

  it('an empty log (header only) gives a clear "no data" chart', async () => {
    const dir = tempDir();
    const path = csv(dir, 'training_log.csv', 'step,epoch,loss,reward\n');
    await golden('empty_training_curve', await trainingCurveChart(path));
    const svg = await renderTrainingCurve(path, join(dir, 'c.svg'));
    expect(readFileSync(svg, 'utf8')).toContain('no data: training_log.csv has no rows yet');
  });

  it('a log without the columns a chart draws is an error naming the file and the columns', async () => {
    const dir = tempDir();
    const path = csv(dir, 'training_log.csv', 'step,epoch,kl\n1,0,0.1\n2,0,0.2\n');
    const expected =
      /training_log\.csv: no column "reward" or "loss" to draw the training curve from \(its columns: step, epoch, kl\)/;
    await expect(renderTrainingCurve(path, join(dir, 'c.png'))).rejects.toThrow(expected);
    await expect(renderTrainingCurve(await loadCsvLog(path), join(dir, 'c.png'))).rejects.toThrow(expected);
    expect(existsSync(join(dir, 'c.png'))).toBe(false);
    // the wrong log for a chart: a training log is not reward components nor checkpoint evaluations
    await expect(rewardComponentsChart(path)).rejects.toThrow(
      /training_log\.csv: no column "mean_cumulative" or/,
    );
    await expect(checkpointProgressionChart(path)).rejects.toThrow(
      /training_log\.csv: no column "mean_reward" or "success_rate" or "mass_acc" or "channel_acc"/,
    );
  });

  it('a task without shaping or outcome rates: no empty panel, no "terminal vs step-shaping" title', async () => {
    const dir = tempDir();
    const header =
      'step,n,mean_cumulative,mean_terminal,mean_step_shaping,discovered_rate,mass_correct_rate\n';
    const path = csv(dir, 'reward_components.csv', `${header}1,4,20,,,,\n2,4,35,,,,\n3,4,60,,,,\n`);
    const chart = await rewardComponentsChart(path);
    expect(chart.title).toBe('Reward components');
    expect(chart.panels).toHaveLength(1);
    expect(chart.panels[0]!.series.map((s) => (s as { label?: string }).label)).toEqual([
      'cumulative (total)',
    ]);
    const checkpoints = csv(
      dir,
      'checkpoint_evals.csv',
      'step,mean_reward,success_rate,mass_acc\n0,20,,\n5,80,,\n',
    );
    expect((await checkpointProgressionChart(checkpoints)).panels.map((p) => p.yLabel)).toEqual([
      'mean eval reward',
    ]);
    // with the split, the title says so (the reference folder's chart is unchanged: its golden image)
    const split = await rewardComponentsChart(f('reward_components.csv'));
    expect(split.title).toBe('Reward components: terminal vs step-shaping');
    expect(split.panels).toHaveLength(2);
  });

  it('a log with one of its columns says in the other panel which column is missing', async () => {
    const dir = tempDir();
    const path = csv(dir, 'training_log.csv', 'step,reward\n1,0.5\n2,0.7\n3,0.6\n');
    const chart = await trainingCurveChart(path);
    expect(chart.panels[0]!.series).toHaveLength(1);
    expect(chart.panels[1]!.series).toHaveLength(0);
    const svg = readFileSync(await renderTrainingCurve(path, join(dir, 'c.svg')), 'utf8');
    expect(svg).toContain('no data: training_log.csv has no column &quot;loss&quot;');
    // a column that is there but empty is told apart from one that is not there
    const blank = csv(dir, 'blank.csv', 'step,reward,loss\n1,0.5,\n2,0.7,\n');
    expect((await trainingCurveChart(blank)).panels[1]!.emptyMessage).toBe(
      'no data: blank.csv has no values in "loss"',
    );
  });

  it('a single point and a constant series draw sensibly', async () => {
    const dir = tempDir();
    await golden(
      'single_point',
      await trainingCurveChart(csv(dir, 'one.csv', 'step,reward,loss\n5,0.25,1.5\n')),
    );
    await golden(
      'constant_series',
      await trainingCurveChart(
        csv(dir, 'const.csv', `step,reward,loss\n${[1, 2, 3, 4, 5].map((s) => `${s},0.5,0`).join('\n')}\n`),
      ),
    );
    // the single point is visible: blue pixels exist in the top panel
    const png = await encodeChart(await trainingCurveChart(join(dir, 'one.csv')), 'png', 1);
    const img = await pixels(png);
    let blue = 0;
    for (let i = 0; i < img.data.length; i += 4) {
      if (img.data[i + 2]! > 180 && img.data[i]! < 80 && img.data[i + 1]! < 120) blue++;
    }
    expect(blue).toBeGreaterThan(10);
  });

  it('NaN, empty cells and inf break the line instead of dropping to zero', async () => {
    const dir = tempDir();
    const rows = Array.from({ length: 60 }, (_, i) => {
      const s = i + 1;
      const reward =
        s >= 20 && s < 30 ? 'nan' : s === 40 ? '' : s === 45 ? 'inf' : String(Math.sin(s / 8) + 2);
      return `${s},${reward},${1 / s}`;
    });
    const chart = await trainingCurveChart(csv(dir, 'gaps.csv', `step,reward,loss\n${rows.join('\n')}\n`));
    await golden('nan_gaps', chart);
    // y axis of the reward panel stays around the finite values (1..3), never stretched to 0 or inf
    const png = await encodeChart(chart, 'png', 1);
    expect(png.length).toBeGreaterThan(1000);
  });

  it('no evaluation episodes: a "no data" bar chart, not a crash', async () => {
    const dir = tempDir();
    const empty = csv(dir, 'pre.jsonl', '');
    const out = await renderBeforeAfter(empty, empty, join(dir, 'b.svg'));
    expect(readFileSync(out, 'utf8')).toContain('no data');
    const dist = await renderRewardDistribution(empty, [], join(dir, 'd.svg'));
    expect(readFileSync(dist, 'utf8')).toContain('no data');
  });

  it('renderColumns names the file and column when a column is missing', async () => {
    await expect(
      renderColumns(f('training_log.csv'), join(tempDir(), 'x.png'), { x: 'step', y: 'nope' }),
    ).rejects.toThrow(/training_log\.csv: no numeric column "nope"/);
  });

  it('a resumed log (steps logged twice) keeps the last row of each step', async () => {
    const dir = tempDir();
    const path = csv(dir, 'resumed.csv', 'step,reward,loss\n1,1,1\n2,2,1\n3,3,1\n2,20,1\n3,30,1\n4,40,1\n');
    const chart = await trainingCurveChart(path);
    const s = chart.panels[0]!.series[0] as unknown as { x: Float64Array; y: Float64Array };
    expect(Array.from(s.x)).toEqual([1, 2, 3, 4]);
    expect(Array.from(s.y)).toEqual([1, 20, 30, 40]);
  });
});
