// What the interactive page embeds: @evidence/plots' own decimation (the PNG's rule), breaks as gaps,
// JSON that cannot end its <script>, and the live data file `evidence watch` rewrites.
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { type Chart, decimate } from '@evidence/plots';
import { mulberry32 } from '@evidence/stats';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildReport, LIVE_DATA_FILE, writeLiveReportData } from '../src/index.js';
import { embedChart, interactiveAssets, interactiveChart } from '../src/page/index.js';
import { FIXTURE } from './helpers.js';

const lineChart = (x: ArrayLike<number>, ...ys: ArrayLike<number>[]): Chart => ({
  title: 'test',
  xLabel: 'step',
  panels: [
    {
      yLabel: 'value',
      series: ys.map((y, i) => ({ type: 'line', x, y, color: '#1d4ed8', label: `s${i}` })),
    },
  ],
});

describe('embedChart', () => {
  it('keeps exactly the points of @evidence/plots decimate(): first, min, max and last of each column', () => {
    const n = 200_000;
    const random = mulberry32(5);
    const x = Float64Array.from({ length: n }, (_, i) => i * 2);
    const y = Float64Array.from({ length: n }, () => random() * 10 - 5);
    y[123_456] = 1e6; // one extreme in a crowded column survives
    const embedded = embedChart(lineChart(x, y), { columns: 1000 });
    const series = embedded.panels[0]?.series[0];
    const expected = decimate(x, y, 0, (2 * (n - 1)) / 1000);
    expect(series?.x).toEqual([...expected.x]);
    expect(series?.y).toEqual([...expected.y]);
    expect(series?.points).toBe(n);
    expect(series?.x.length).toBeLessThanOrEqual(4 * 1001);
    expect(Math.max(...(series as { y: number[] }).y)).toBe(1e6);
  });

  it('never hides an extreme and keeps x ascending (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 3000 }),
        fc.integer({ min: 1, max: 200 }),
        (values, columns) => {
          const x = values.map((_, i) => i);
          const series = embedChart(lineChart(x, values), { columns }).panels[0]?.series[0];
          const y = series?.y as number[];
          expect(Math.max(...y)).toBe(Math.max(...values));
          expect(Math.min(...y)).toBe(Math.min(...values));
          expect(y[0]).toBe(values[0]);
          expect(y[y.length - 1]).toBe(values[values.length - 1]);
          for (let i = 1; i < (series?.x.length ?? 0); i++)
            expect(series?.x[i] as number).toBeGreaterThan(series?.x[i - 1] as number);
        },
      ),
    );
  });

  it('a missing value is a gap (null) between its neighbours; a leading or trailing one is dropped', () => {
    const x = [0, 1, 2, 3, 4, 5];
    const y = [Number.NaN, 1, 2, Number.NaN, 4, Number.NaN];
    const series = embedChart(lineChart(x, y)).panels[0]?.series[0];
    expect(series?.x).toEqual([1, 2, 3, 4]);
    expect(series?.y).toEqual([1, 2, null, 4]);
  });

  it('points logged out of order are sorted by x (uPlot draws ascending x only)', () => {
    const series = embedChart(lineChart([3, 1, 2], [30, 10, 20])).panels[0]?.series[0];
    expect(series?.x).toEqual([1, 2, 3]);
    expect(series?.y).toEqual([10, 20, 30]);
  });

  it('offers a log scale only for a panel whose values are all positive', () => {
    const positive = embedChart(lineChart([0, 1], [0.5, 2], [1, Number.NaN]));
    const withZero = embedChart(lineChart([0, 1], [0.5, 0]));
    expect(positive.panels[0]?.positive).toBe(true);
    expect(withZero.panels[0]?.positive).toBe(false);
  });

  it('the same data gives the same version, other data another', () => {
    const a = embedChart(lineChart([0, 1], [1, 2]));
    expect(embedChart(lineChart([0, 1], [1, 2])).version).toBe(a.version);
    expect(embedChart(lineChart([0, 1], [1, 3])).version).not.toBe(a.version);
  });
});

describe('interactiveChart', () => {
  it('no label can end the data <script>; the JSON reads back as written', () => {
    const label = '</script><script>window.pwned=1</script><!-- \u2028';
    const chart = lineChart([0, 1], [1, 2]);
    const html = interactiveChart(
      { ...chart, panels: [{ series: [{ type: 'line', x: [0, 1], y: [1, 2], color: '#000', label }] }] },
      { id: 'a"b', image: { src: 'data:image/png;base64,AAAA', alt: '<alt>' } },
    );
    const json = /<script type="application\/json" class="ev-data">(.*?)<\/script>/s.exec(
      html,
    )?.[1] as string;
    expect(json).not.toMatch(/<|\u2028/);
    expect(JSON.parse(json).panels[0].series[0].label).toBe(label);
    expect(html).toContain('data-chart="a&quot;b"');
    expect(html).toContain('<noscript><img src="data:image/png;base64,AAAA" alt="&lt;alt&gt;"></noscript>');
  });

  it('the page assets are inline: the uPlot style and the page script with uPlot bundled in, no source fetched', () => {
    const assets = interactiveAssets();
    expect(assets).toContain('.uplot'); // uPlot's style
    expect(assets).toContain('u-legend'); // uPlot's code, bundled into the page script
    expect(assets).not.toMatch(/<script[^>]*\ssrc=|<link|@import/);
    expect(assets.match(/<\/script>/g)).toHaveLength(1);
  });
});

describe('writeLiveReportData', () => {
  const payloadOf = (file: string) => {
    let payload: unknown;
    runInNewContext(readFileSync(file, 'utf8'), {
      evidenceLiveData: (value: unknown) => {
        payload = value;
      },
    });
    return payload as { charts: Record<string, { panels: { series: { x: number[]; y: number[] }[] }[] }> };
  };

  it('writes the current data of every line chart beside the page, for an open page to re-load', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'report-live-data-'));
    writeFileSync(join(dir, 'training_log.csv'), 'step,reward,loss\n0,1.5,0.9\n10,2.5,0.7\n');
    writeFileSync(join(dir, 'checkpoint_evals.csv'), 'step,mean_reward\n');
    const result = await writeLiveReportData(dir);
    if (!result) throw new Error('no live data written');
    expect(result.file).toBe(join(dir, 'report', LIVE_DATA_FILE));
    expect(result.problems).toEqual([]);
    const { charts } = payloadOf(result.file);
    expect(Object.keys(charts)).toEqual(['trainingCurve', 'checkpointProgression']);
    expect(charts.trainingCurve?.panels[0]?.series[0]).toMatchObject({ x: [0, 10], y: [1.5, 2.5] });
    expect(charts.trainingCurve?.panels[1]?.series[0]).toMatchObject({ x: [0, 10], y: [0.9, 0.7] });
  });

  it('with ifPageExists, nothing is written until the folder has a page', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'report-live-data-nopage-'));
    writeFileSync(join(dir, 'training_log.csv'), 'step,reward\n0,1\n');
    expect(await writeLiveReportData(dir, { ifPageExists: true })).toBeNull();
    expect(existsSync(join(dir, LIVE_DATA_FILE))).toBe(false);
    mkdirSync(join(dir, 'report'));
    writeFileSync(join(dir, 'report', 'index.html'), '<!doctype html>');
    expect((await writeLiveReportData(dir, { ifPageExists: true }))?.charts).toEqual(['trainingCurve']);
    // a page built into another folder gets its data there
    const out = join(dir, 'elsewhere');
    expect(await writeLiveReportData(dir, { ifPageExists: true, out })).toBeNull();
    mkdirSync(out);
    writeFileSync(join(out, 'index.html'), '<!doctype html>');
    expect((await writeLiveReportData(dir, { ifPageExists: true, out }))?.file).toBe(
      join(out, LIVE_DATA_FILE),
    );
  });

  it('a log it cannot draw is named in problems; the other charts are still written', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'report-live-data-bad-'));
    writeFileSync(join(dir, 'training_log.csv'), 'step,reward\n0,1\n');
    writeFileSync(join(dir, 'reward_components.csv'), 'when,what\n1,2\n');
    const result = await writeLiveReportData(dir);
    if (!result) throw new Error('no live data written');
    expect(result.charts).toEqual(['trainingCurve']);
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]).toMatch(/reward_components\.csv: no column "mean_cumulative"/);
    expect(Object.keys(payloadOf(result.file).charts)).toEqual(['trainingCurve']);
  });
});

describe('curve pictures', () => {
  it('a history that cannot be read leaves its curves as pictures, and says so', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'report-curves-bad-'));
    mkdirSync(join(dir, 'curves', 'train'), { recursive: true });
    copyFileSync(
      join(FIXTURE, 'curves/train/train_reward_curve.png'),
      join(dir, 'curves/train/train_reward_curve.png'),
    );
    writeFileSync(join(dir, 'curves/train/train_reward_history.json'), '{"reward_history": [1, 2');
    const result = await buildReport(dir);
    expect(result.skipped).toContainEqual({
      what: 'curves/train/train_reward_history.json',
      why: expect.stringMatching(/^its curves are shown as pictures only: .*JSON/),
    });
    const html = readFileSync(join(dir, 'report', 'index.html'), 'utf8');
    expect(html).not.toContain('data-chart="curves/train/train_reward_curve"');
    expect(html).toContain(
      '<img src="../curves/train/train_reward_curve.png" alt="train: train reward curve">',
    );
  });
});
