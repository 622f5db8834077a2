/// <reference lib="dom" />
// The interactive report page in headless Chromium, opened from disk as a reader opens it: hover, zoom,
// hide, smoothing (checked against TensorBoard's formula computed by Python), log scale, no request
// leaving the page, the page without JavaScript and in print, a 1M-row log, live data.
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { mulberry32 } from '@evidence/stats';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildReport, writeLiveReportData } from '../src/index.js';
import { interactiveAssets, interactiveChart } from '../src/page/index.js';
import { chromiumMissing, fixtureCopy, launchChromium, python, pythonMissing } from './helpers.js';

interface Log {
  step: number[];
  reward: number[];
  loss: number[];
}

/** A training log with known values: steps 0, 10, 20, …, a noisy rising reward, a positive falling loss. */
function trainingLog(rows: number, seed = 7): Log {
  const random = mulberry32(seed);
  const log: Log = { step: [], reward: [], loss: [] };
  for (let i = 0; i < rows; i++) {
    log.step.push(i * 10);
    log.reward.push(Number((i / rows + random() - 0.5).toFixed(6)));
    log.loss.push(Number((1.5 - i / rows + 0.2 * random()).toFixed(6)));
  }
  return log;
}

function writeLog(dir: string, log: Log): void {
  const lines = log.step.map((s, i) => `${s},${log.reward[i]},${log.loss[i]}`);
  writeFileSync(join(dir, 'training_log.csv'), `step,reward,loss\n${lines.join('\n')}\n`);
}

/** reward_components.csv with three reward components, for hiding one series of several. */
function writeComponents(dir: string, rows: number): void {
  const random = mulberry32(3);
  const lines = ['step,mean_cumulative,mean_terminal,mean_step_shaping'];
  for (let i = 0; i < rows; i++) {
    const terminal = Number((i / rows + random() * 0.1).toFixed(4));
    const shaping = Number((0.2 * random()).toFixed(4));
    lines.push(`${i * 10},${terminal + shaping},${terminal},${shaping}`);
  }
  writeFileSync(join(dir, 'reward_components.csv'), `${lines.join('\n')}\n`);
}

// TensorBoard's smoothing, written from its formula in Python (an oracle independent of the page's code).
const TENSORBOARD_SMOOTHING = `
import json, sys
import numpy as np
d = json.load(sys.stdin)
w = d["weight"]
y = np.asarray(d["y"], dtype=np.float64)
if np.all(y == y[0]):
    print(json.dumps(y.tolist())); sys.exit()
last, n, out = 0.0, 0, []
for v in y:
    if not np.isfinite(v):
        out.append(None); continue
    last = last * w + (1 - w) * v
    n += 1
    out.append(float(last / (1 - np.power(w, n))))
print(json.dumps(out))
`;

type Chart = {
  plots: {
    data: (number | null | undefined)[][];
    scales: { x: { min: number; max: number }; y: { distr: number } };
    series: { show: boolean }[];
    valToPos: (v: number, scale: string) => number;
  }[];
};

describe.skipIf(chromiumMissing !== null)(
  `interactive page in headless Chromium ${chromiumMissing ?? ''}`,
  () => {
    let browser: Browser;
    let dir: string;
    let log: Log;
    beforeAll(async () => {
      browser = await launchChromium();
      dir = mkdtempSync(join(tmpdir(), 'report-interactive-'));
      log = trainingLog(200);
      writeLog(dir, log);
      writeComponents(dir, 120);
      await buildReport(dir);
    });
    afterAll(async () => {
      await browser?.close();
    });

    /** Opens the page from disk; every request other than file:// is failed and recorded. */
    async function open(
      folder: string,
      options: { javaScriptEnabled?: boolean } = {},
    ): Promise<{ page: Page; context: BrowserContext; errors: string[]; requests: string[] }> {
      const context = await browser.newContext({ viewport: { width: 1200, height: 900 }, ...options });
      const errors: string[] = [];
      const requests: string[] = [];
      await context.route('**/*', (route) => {
        const url = route.request().url();
        if (url.startsWith('file:')) return route.continue();
        requests.push(url);
        return route.abort();
      });
      const page = await context.newPage();
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(pathToFileURL(join(folder, 'index.html')).href, { waitUntil: 'load' });
      return { page, context, errors, requests };
    }

    /** Page coordinates of the data point (x, y) in panel `panel` of chart `id`. */
    const pointOf = (page: Page, id: string, panel: number, x: number, y: number) =>
      page.evaluate(
        ([id, panel, x, y]) => {
          const u = (window as unknown as { evidenceCharts: Record<string, Chart> }).evidenceCharts[
            id as string
          ]?.plots[panel as number] as Chart['plots'][number] & { over: HTMLElement };
          u.over.scrollIntoView({ block: 'center' }); // the mouse reaches only what is in view
          const box = u.over.getBoundingClientRect();
          return { x: box.left + u.valToPos(x as number, 'x'), y: box.top + u.valToPos(y as number, 'y') };
        },
        [id, panel, x, y] as const,
      );

    /** `read` run in the page on the state of chart `id` (its uPlot panels). */
    const chartState = async <T>(page: Page, id: string, read: (chart: Chart) => T): Promise<T> => {
      const chart = await page.evaluateHandle(
        (id) => (window as unknown as { evidenceCharts: Record<string, Chart> }).evidenceCharts[id] as Chart,
        id,
      );
      return (await chart.evaluate(read)) as T;
    };

    /** Legend text of panel `panel` of chart `id`: label → shown value. */
    const legend = (page: Page, id: string, panel: number) =>
      page.evaluate(
        ([id, panel]) => {
          const legends = document.querySelectorAll(`figure[data-chart="${id}"] .u-legend`);
          const rows = (legends[panel as number] as HTMLElement).querySelectorAll('.u-series');
          return Object.fromEntries(
            Array.from(rows, (row) => [
              row.querySelector('.u-label')?.textContent ?? '',
              row.querySelector('.u-value')?.textContent ?? '',
            ]),
          );
        },
        [id, panel] as const,
      );

    it('draws every line chart from embedded data; hover shows a crosshair, the exact x and every value', async () => {
      const { page, context, errors, requests } = await open(join(dir, 'report'));
      expect(
        await page.evaluate(() =>
          Object.keys((window as never as { evidenceCharts: object }).evidenceCharts),
        ),
      ).toEqual(['trainingCurve', 'rewardComponents']);
      const k = 57;
      const point = await pointOf(page, 'trainingCurve', 0, log.step[k] as number, log.reward[k] as number);
      await page.mouse.move(point.x, point.y);
      expect(await legend(page, 'trainingCurve', 0)).toEqual({
        'training step': String(log.step[k]),
        'mean reward': String(log.reward[k]),
      });
      // the loss panel's cursor follows: the same step, its exact loss
      expect(await legend(page, 'trainingCurve', 1)).toEqual({
        'training step': String(log.step[k]),
        loss: String(log.loss[k]),
      });
      const crosshair = page.locator('figure[data-chart="trainingCurve"] .u-cursor-x').first();
      expect(await crosshair.isVisible()).toBe(true);
      const box = await crosshair.boundingBox();
      expect(Math.abs((box?.x ?? 0) - point.x)).toBeLessThan(2);
      expect(errors).toEqual([]);
      expect(requests).toEqual([]);
      await context.close();
    });

    it("the curve recorder's pictures are drawn from its history: hover reads an episode's exact reward", async () => {
      const folder = fixtureCopy();
      await buildReport(folder, { resamples: 200 });
      const history = JSON.parse(
        readFileSync(join(folder, 'curves/train/train_reward_history.json'), 'utf8').replace(
          /\bNaN\b/g,
          'null',
        ),
      ) as { reward_history: number[] };
      const { page, context, errors, requests } = await open(join(folder, 'report'));
      const id = 'curves/train/train_reward_curve';
      const k = 150;
      const point = await pointOf(page, id, 0, k, history.reward_history[k] as number);
      await page.mouse.move(point.x, point.y);
      expect(await legend(page, id, 0)).toMatchObject({
        episode: String(k),
        reward: String(history.reward_history[k]),
      });
      expect(await page.locator('figure.ev-chart').count()).toBe(3 + 3); // 3 log charts, 3 curve charts
      expect(errors).toEqual([]);
      expect(requests).toEqual([]);
      await context.close();
    });

    it('a drag zooms x on every panel of the chart, a double-click resets', async () => {
      const { page, context, errors } = await open(join(dir, 'report'));
      const from = await pointOf(page, 'trainingCurve', 0, 500, 0);
      const to = await pointOf(page, 'trainingCurve', 0, 900, 0);
      const y = from.y - 20;
      await page.mouse.move(from.x, y);
      await page.mouse.down();
      await page.mouse.move((from.x + to.x) / 2, y);
      await page.mouse.move(to.x, y);
      await page.mouse.up();
      const zoomed = await chartState(page, 'trainingCurve', (c) =>
        c.plots.map((u) => [u.scales.x.min, u.scales.x.max]),
      );
      for (const [min, max] of zoomed) {
        expect(Math.abs((min as number) - 500)).toBeLessThan(5); // within a pixel or so of the drag
        expect(Math.abs((max as number) - 900)).toBeLessThan(5);
      }
      await page.mouse.dblclick((from.x + to.x) / 2, y);
      const reset = await chartState(page, 'trainingCurve', (c) =>
        c.plots.map((u) => [u.scales.x.min, u.scales.x.max]),
      );
      expect(reset).toEqual([
        [0, 1990],
        [0, 1990],
      ]);
      expect(errors).toEqual([]);
      await context.close();
    });

    it('a click on a legend entry hides that series and no other', async () => {
      const { page, context, errors } = await open(join(dir, 'report'));
      const entry = page
        .locator('figure[data-chart="rewardComponents"] .u-legend')
        .first()
        .locator('.u-series', {
          hasText: 'terminal grade',
        });
      await entry.locator('.u-label').click();
      expect(
        await chartState(page, 'rewardComponents', (c) => c.plots[0]?.series.map((s) => s.show)),
      ).toEqual([true, true, false, true]);
      expect(await entry.getAttribute('class')).toContain('u-off');
      await entry.locator('.u-label').click();
      expect(await chartState(page, 'rewardComponents', (c) => c.plots[0]?.series[2]?.show)).toBe(true);
      expect(errors).toEqual([]);
      await context.close();
    });

    it.skipIf(pythonMissing !== null)(
      `the smoothing control redraws the series as TensorBoard smooths it ${pythonMissing ?? ''}`,
      async () => {
        const { page, context, errors } = await open(join(dir, 'report'));
        const canvas = page.locator('figure[data-chart="trainingCurve"] canvas').first();
        const before = await canvas.screenshot();
        const slider = page.locator('figure[data-chart="trainingCurve"] input.ev-smoothing');
        await slider.fill('0.6');
        const drawn = await chartState(page, 'trainingCurve', (c) => c.plots[0]?.data[1]);
        const expected = python<(number | null)[]>(TENSORBOARD_SMOOTHING, { y: log.reward, weight: 0.6 });
        expect(drawn).toHaveLength(expected.length);
        expected.forEach((value, i) => {
          expect(Math.abs((drawn?.[i] as number) - (value as number))).toBeLessThanOrEqual(
            1e-12 * Math.abs(value as number) + 1e-15,
          );
        });
        expect(drawn?.[5]).not.toBe(log.reward[5]);
        expect((await canvas.screenshot()).equals(before)).toBe(false);
        // the logged series stays drawn under the smoothed one, faint: at the raw point farthest from its
        // smoothed value, the canvas is tinted with the series' blue (#1d4ed8 at a quarter over white)
        let far = 1;
        for (let j = 1; j < expected.length; j++)
          if (
            Math.abs((log.reward[j] as number) - (expected[j] as number)) >
            Math.abs((log.reward[far] as number) - (expected[far] as number))
          )
            far = j;
        const pixel = await page.evaluate(
          ([x, y]) => {
            const u = (window as unknown as { evidenceCharts: Record<string, { plots: unknown[] }> })
              .evidenceCharts.trainingCurve?.plots[0] as {
              ctx: CanvasRenderingContext2D;
              valToPos: (v: number, s: string, c: boolean) => number;
            };
            return [
              ...u.ctx.getImageData(
                Math.round(u.valToPos(x as number, 'x', true)),
                Math.round(u.valToPos(y as number, 'y', true)),
                1,
                1,
              ).data,
            ];
          },
          [log.step[far], log.reward[far]] as const,
        );
        [0x1d, 0x4e, 0xd8].forEach((channel, c) => {
          expect(Math.abs((pixel[c] as number) - channel)).toBeLessThanOrEqual(4); // premultiplied alpha rounds
        });
        expect(pixel[3]).toBeGreaterThan(30);
        expect(pixel[3]).toBeLessThan(130);
        // the legend shows the smoothed value and the logged one
        const k = 120;
        const point = await pointOf(page, 'trainingCurve', 0, log.step[k] as number, expected[k] as number);
        await page.mouse.move(point.x, point.y);
        expect((await legend(page, 'trainingCurve', 0))['mean reward']).toBe(
          `${drawn?.[k]} (raw ${log.reward[k]})`,
        );
        // back to 0: the logged values again
        await slider.fill('0');
        expect(await chartState(page, 'trainingCurve', (c) => c.plots[0]?.data[1])).toEqual(log.reward);
        expect(errors).toEqual([]);
        await context.close();
      },
    );

    it.skipIf(pythonMissing !== null)(
      `smoothing on any page: a gap passes through, a constant series stays as it is ${pythonMissing ?? ''}`,
      async () => {
        const folder = mkdtempSync(join(tmpdir(), 'report-interactive-own-page-'));
        const x = Array.from({ length: 40 }, (_, i) => i);
        const random = mulberry32(9);
        const gappy = x.map((i) =>
          i === 17 || i === 18 ? Number.NaN : Number((Math.sin(i / 3) + random()).toFixed(5)),
        );
        const flat = x.map(() => 2.5);
        const figure = interactiveChart(
          {
            xLabel: 'step',
            panels: [
              {
                yLabel: 'value',
                series: [
                  { type: 'line', label: 'gappy', x, y: gappy, color: '#1d4ed8' },
                  { type: 'line', label: 'flat', x, y: flat, color: '#c026d3' },
                ],
              },
            ],
          },
          { id: 'own' },
        );
        writeFileSync(
          join(folder, 'index.html'),
          `<!doctype html><html><head><meta charset="utf-8"></head><body>${figure}${interactiveAssets()}</body></html>`,
        );
        const { page, context, errors, requests } = await open(folder);
        await page.locator('input.ev-smoothing').fill('0.9');
        const drawn = await chartState(page, 'own', (c) => [
          c.plots[0]?.data[0],
          c.plots[0]?.data[1],
          c.plots[0]?.data[2],
        ]);
        const expected = python<(number | null)[]>(TENSORBOARD_SMOOTHING, {
          y: gappy.map((v) => (Number.isNaN(v) ? null : v)),
          weight: 0.9,
        });
        // the gap is one null between steps 16 and 19 (the page keeps a line break as one point)
        const rows = (drawn[0] as number[]).map((step, i) => [step, drawn[1]?.[i]] as const);
        expect(rows.filter(([step]) => !Number.isInteger(step))).toEqual([[17.5, null]]);
        for (const [step, value] of rows) {
          if (!Number.isInteger(step)) continue;
          const want = expected[step];
          if (want === null) {
            expect(value).toBeUndefined(); // not a point of this series
            continue;
          }
          expect(Math.abs((value as number) - (want as number))).toBeLessThanOrEqual(
            1e-12 * Math.abs(want as number) + 1e-15,
          );
        }
        // TensorBoard leaves a constant series as it is (no debiasing artefact)
        expect(drawn[2]?.filter((v) => v !== undefined)).toEqual(flat);
        expect(errors).toEqual([]);
        expect(requests).toEqual([]);
        await context.close();
      },
    );

    it('a log-scale toggle for positive panels only', async () => {
      const { page, context, errors } = await open(join(dir, 'report'));
      const toggles = page.locator('figure[data-chart="trainingCurve"] input.ev-log');
      expect(await toggles.count()).toBe(1); // the loss is positive, the reward is not
      await toggles.check();
      expect(await chartState(page, 'trainingCurve', (c) => c.plots.map((u) => u.scales.y.distr))).toEqual([
        1, 3,
      ]);
      await toggles.uncheck();
      expect(await chartState(page, 'trainingCurve', (c) => c.plots.map((u) => u.scales.y.distr))).toEqual([
        1, 1,
      ]);
      expect(errors).toEqual([]);
      await context.close();
    });

    it('without JavaScript the static charts are shown; printed, the static image replaces the canvas', async () => {
      const off = await open(join(dir, 'report'), { javaScriptEnabled: false });
      const images = await off.page.$$eval('figure img', (all: HTMLImageElement[]) =>
        all.map((img) => ({
          alt: img.alt,
          width: img.naturalWidth,
          shown: img.getBoundingClientRect().height > 0,
        })),
      );
      expect(images.map((i) => i.alt)).toContain('Training reward and loss');
      expect(images.map((i) => i.alt)).toContain('Reward components');
      for (const image of images) expect(image, image.alt).toMatchObject({ shown: true });
      for (const image of images) expect(image.width, image.alt).toBeGreaterThan(0);
      expect(await off.page.locator('.uplot').count()).toBe(0);
      await off.context.close();

      const { page, context, errors } = await open(join(dir, 'report'));
      const printImage = page.locator('figure[data-chart="trainingCurve"] img.ev-print');
      expect(await printImage.isVisible()).toBe(false);
      await page.emulateMedia({ media: 'print' });
      expect(await printImage.isVisible()).toBe(true);
      expect(await page.locator('figure[data-chart="trainingCurve"] .ev-plots').isVisible()).toBe(false);
      expect(errors).toEqual([]);
      await context.close();
    });

    it('an open page follows the live data file: redraws when the log grows', async () => {
      const live = mkdtempSync(join(tmpdir(), 'report-live-'));
      const first = trainingLog(50);
      writeLog(live, first);
      await buildReport(live);
      const { page, context, errors } = await open(join(live, 'report'));
      const length = () => chartState(page, 'trainingCurve', (c) => c.plots[0]?.data[0]?.length);
      expect(await length()).toBe(50);
      // what the reader set stays: a zoom, the smoothing, a hidden series
      await page.locator('figure[data-chart="trainingCurve"] input.ev-smoothing').fill('0.5');
      await chartState(page, 'trainingCurve', (c) =>
        (c.plots[0] as unknown as { setScale: (k: string, r: object) => void }).setScale('x', {
          min: 100,
          max: 300,
        }),
      );
      await page
        .locator('figure[data-chart="trainingCurve"] .u-legend')
        .nth(1)
        .locator('.u-label', { hasText: 'loss' })
        .click();
      writeLog(live, trainingLog(80));
      const result = await writeLiveReportData(live);
      expect(result?.charts).toEqual(['trainingCurve']);
      await expect.poll(length, { timeout: 240_000, interval: 250 }).toBe(80);
      const kept = await chartState(page, 'trainingCurve', (c) => ({
        zoom: c.plots.map((u) => [u.scales.x.min, u.scales.x.max]),
        lossShown: c.plots[1]?.series[1]?.show,
        smoothed: c.plots[0]?.data[1]?.[79],
      }));
      expect(kept.zoom).toEqual([
        [100, 300],
        [100, 300],
      ]);
      expect(kept.lossShown).toBe(false);
      expect(kept.smoothed).not.toBe(trainingLog(80).reward[79]);
      expect(errors).toEqual([]);
      await context.close();
    });

    it('a 1M-row log: a page of at most 3 MB that keeps every extreme and draws without error', async () => {
      const big = mkdtempSync(join(tmpdir(), 'report-interactive-1m-'));
      const rows = 1_000_000;
      const random = mulberry32(11);
      const lines: string[] = ['step,reward,loss'];
      for (let i = 0; i < rows; i++) {
        const spike = i === 777_777 ? 1000 : i === 123_457 ? -1000 : 0;
        lines.push(`${i},${(i / rows + random() - 0.5 + spike).toFixed(6)},${(1 + random()).toFixed(6)}`);
      }
      writeFileSync(join(big, 'training_log.csv'), `${lines.join('\n')}\n`);
      await buildReport(big);
      const bytes = statSync(join(big, 'report', 'index.html')).size;
      expect(bytes).toBeLessThanOrEqual(3e6);
      const started = performance.now();
      const { page, context, errors, requests } = await open(join(big, 'report'));
      const loadMs = performance.now() - started;
      const drawn = await chartState(page, 'trainingCurve', (c) => {
        const reward = c.plots[0]?.data[1] as number[];
        return { points: reward.length, max: Math.max(...reward), min: Math.min(...reward) };
      });
      console.log(
        `1M-row log: index.html ${(bytes / 1e6).toFixed(2)} MB, opened in ${loadMs.toFixed(0)} ms, ${drawn.points} reward points drawn`,
      );
      expect(drawn.max).toBeGreaterThan(999);
      expect(drawn.min).toBeLessThan(-999);
      expect(drawn.points).toBeLessThanOrEqual(4 * 1500 + 4);
      expect(readFileSync(join(big, 'report', 'index.html'), 'utf8')).toContain('href="../training_log.csv"');
      expect(errors).toEqual([]);
      expect(requests).toEqual([]);
      await context.close();
    });
  },
);
