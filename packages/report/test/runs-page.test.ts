/// <reference lib="dom" />
// The runs page (`evidence runs --out DIR`) in headless Chromium, opened from disk as a reader opens it:
// its line charts drawn by the interactive charts of the report (hover reads a run's logged value and a
// group's mean, a legend click hides a series), nothing fetched, the PNGs without JavaScript and in print.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunsAnalysis } from '../src/index.js';
import { LIVE_POLL_MS } from '../src/page/live.js';
import { analyzeRuns } from '../src/runs/compare-runs.js';
import { loadRuns } from '../src/runs/load-runs.js';
import { writeRunsReport } from '../src/runs/write-runs-report.js';
import { chromiumMissing, launchChromium } from './helpers.js';
import { writeRunFolder, X, Y } from './runs-fixtures.js';

const TASK = 'CartPole-v1';
const CURVE = 'curve-2-CartPole-v1'; // tasks are numbered in the order of the summary (Acrobot first)
const CHARTS = ['curve-1-Acrobot-v1', CURVE, 'iqm', 'improvement', 'aggregates', 'profile'];

/** The y logged at x in a run's CSV, read from the file's text (the header says which column is which). */
function logged(file: string, x: number): number {
  const [header, ...rows] = readFileSync(file, 'utf8').split('\n');
  const names = (header as string).split(',').map((n) => n.replace(/^"|"$/g, ''));
  const row = rows.map((r) => r.split(',')).find((r) => Number(r[names.indexOf(X)]) === x);
  return Number(row?.[names.indexOf(Y)]);
}

type Plot = {
  data: (number | null | undefined)[][];
  series: { label: string; show: boolean }[];
  valToPos: (v: number, scale: string) => number;
  over: HTMLElement;
};

describe.skipIf(chromiumMissing !== null)(`runs page in headless Chromium ${chromiumMissing ?? ''}`, () => {
  let browser: Browser;
  let root: string;
  let out: string;
  let analysis: RunsAnalysis;
  beforeAll(async () => {
    browser = await launchChromium();
    root = writeRunFolder();
    const loaded = await loadRuns(root, { pattern: '{group}/{task}/{run}.csv' });
    analysis = analyzeRuns(loaded.runs, { y: Y, normalize: 'minmax', seed: 3, resamples: 200 });
    out = join(mkdtempSync(join(tmpdir(), 'runs-page-')), 'report');
    await writeRunsReport(analysis, out, { root, skipped: loaded.skipped, issues: loaded.issues });
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** Opens index.html from disk; every request is recorded, any but file:// failed. */
  async function open(
    options: { javaScriptEnabled?: boolean } = {},
  ): Promise<{ page: Page; context: BrowserContext; errors: string[]; requests: string[] }> {
    const context = await browser.newContext({ viewport: { width: 1200, height: 900 }, ...options });
    const errors: string[] = [];
    const requests: string[] = [];
    await context.route('**/*', (route) => {
      const url = route.request().url();
      requests.push(url);
      return url.startsWith('file:') ? route.continue() : route.abort();
    });
    const page = await context.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('requestfailed', (request) => errors.push(`request failed: ${request.url()}`));
    await page.goto(pathToFileURL(join(out, 'index.html')).href, { waitUntil: 'load' });
    return { page, context, errors, requests };
  }

  /**
   * Moves the mouse onto the point (x, y) of the runs chart; returns its tooltip: the x line, then
   * name → shown value in the order shown.
   */
  async function hover(page: Page, x: number, y: number): Promise<{ x: string; rows: [string, string][] }> {
    const at = await page.evaluate(
      ([id, x, y]) => {
        const u = (window as unknown as { evidenceCharts: Record<string, { plots: Plot[] }> }).evidenceCharts[
          id as string
        ]?.plots[0] as Plot;
        u.over.scrollIntoView({ block: 'center' }); // the mouse reaches only what is in view
        const box = u.over.getBoundingClientRect();
        return { x: box.left + u.valToPos(x as number, 'x'), y: box.top + u.valToPos(y as number, 'y') };
      },
      [CURVE, x, y] as const,
    );
    await page.mouse.move(at.x, at.y);
    return page.evaluate((id) => {
      const tip = document.querySelector(`figure[data-chart="${id}"] .ev-tip`) as HTMLElement;
      const [head, ...lines] = Array.from(tip.children, (line) => line.textContent ?? '');
      return {
        x: head ?? '',
        rows: lines
          .filter((line) => !line.startsWith('…'))
          .map((line) => [line.slice(0, line.lastIndexOf(': ')), line.slice(line.lastIndexOf(': ') + 2)]),
      };
    }, CURVE) as Promise<{ x: string; rows: [string, string][] }>;
  }

  it('keeps every PNG and SVG; draws the curves and the profile in the page, the bar charts as images', async () => {
    for (const stem of CHARTS) {
      expect(existsSync(join(out, `${stem}.png`)), stem).toBe(true);
      expect(existsSync(join(out, `${stem}.svg`)), stem).toBe(true);
    }
    const html = readFileSync(join(out, 'index.html'), 'utf8');
    expect(html).not.toMatch(/(src|href)="(https?:|\/\/)/);
    const { page, context, errors } = await open();
    expect(
      await page.evaluate(() => Object.keys((window as never as { evidenceCharts: object }).evidenceCharts)),
    ).toEqual(['curve-1-Acrobot-v1', CURVE, 'profile']);
    expect(
      await page
        .locator('figure:not(.ev-chart) > img')
        .evaluateAll((all) => all.map((i) => (i as HTMLImageElement).alt)),
    ).toEqual([
      'IQM of final scores with 95% bootstrap intervals',
      "Probability of improvement P(A > B) with 90% intervals (the test's 5% each way)",
      "rliable's aggregates across tasks: IQM, median, mean and optimality gap with 95% intervals",
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("hover lists the runs' logged values high to low; the aggregate view the group's mean and band", async () => {
    const { page, context, errors } = await open();
    const x = 500;
    const run = 'RND/CartPole-v1/seed-0.csv';
    const value = logged(join(root, run), x);
    const atRun = await hover(page, x, value);
    expect(atRun.x).toBe(`${X} ${x}`);
    const shown = Object.fromEntries(atRun.rows);
    expect(shown[run]).toBe(String(value));
    expect(shown['PPO/CartPole-v1/seed-4.csv']).toBe(
      String(logged(join(root, 'PPO/CartPole-v1/seed-4.csv'), x)),
    );
    const values = atRun.rows.map(([, v]) => Number(v));
    expect(values).toEqual([...values].sort((a, b) => b - a));
    expect(values.length).toBeGreaterThan(1);
    // between two rows: the cursor snaps to the nearer one
    expect(Object.fromEntries((await hover(page, 744, logged(join(root, run), 740))).rows)[run]).toBe(
      String(logged(join(root, run), 740)),
    );
    // the mean curve's grid (100 points over the task's x) holds this x too: the group's mean and band
    // there, rounded to a millionth of the chart's range (computed, not logged: runs.json keeps every digit)
    await page.locator('select.ev-view').selectOption('aggregate');
    const curve = analysis.curves[TASK]?.RND;
    const k = curve?.x.indexOf(x) ?? -1;
    expect(k).toBeGreaterThan(0);
    const atMean = Object.fromEntries((await hover(page, x, curve?.mean[k] as number)).rows);
    const near = (shown: string | undefined, value: number | undefined) => {
      expect(Number(shown)).toBeCloseTo(value as number, 3);
      expect(shown?.length).toBeLessThanOrEqual(String(value).length);
    };
    near(atMean['RND mean'], curve?.mean[k]);
    near(atMean['RND 95% band low'], curve?.lo[k]);
    near(atMean['RND 95% band high'], curve?.hi[k]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a click on a group's legend entry hides its runs, and only them", async () => {
    const { page, context, errors } = await open();
    const drawn = () =>
      page.evaluate(
        (id) =>
          (window as unknown as { evidenceCharts: Record<string, { plots: Plot[] }> }).evidenceCharts[
            id
          ]?.plots[0]?.series
            .slice(1)
            .map((s) => s.label) ?? [],
        CURVE,
      );
    const before = await drawn();
    expect(before.filter((label) => label.startsWith('PPO/'))).toHaveLength(5);
    const button = page.locator(`figure[data-chart="${CURVE}"] button.ev-group[data-group="PPO"]`);
    await button.click();
    expect(await button.getAttribute('aria-pressed')).toBe('false');
    expect(await drawn()).toEqual(before.filter((label) => !label.startsWith('PPO/')));
    await button.click();
    expect(await drawn()).toEqual(before);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('asks for nothing but the page itself, not even a live data file, and logs no error', async () => {
    const { page, context, errors, requests } = await open();
    // the report's live pages re-load their data file after LIVE_POLL_MS; this page has none to load
    await page.waitForTimeout(LIVE_POLL_MS + 1000);
    expect(requests).toEqual([pathToFileURL(join(out, 'index.html')).href]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('without JavaScript every chart is its PNG; printed, the PNG replaces the drawn chart', async () => {
    const off = await open({ javaScriptEnabled: false });
    const images = await off.page.$$eval('figure img', (all: HTMLImageElement[]) =>
      all.map((img) => ({ width: img.naturalWidth, shown: img.getBoundingClientRect().height > 0 })),
    );
    expect(images).toHaveLength(CHARTS.length);
    for (const image of images) expect(image.width).toBeGreaterThan(0);
    for (const image of images) expect(image.shown).toBe(true);
    expect(await off.page.locator('.uplot').count()).toBe(0);
    await off.context.close();

    const { page, context, errors } = await open();
    const printed = page.locator(`figure[data-chart="${CURVE}"] img.ev-print`);
    expect(await printed.isVisible()).toBe(false);
    await page.emulateMedia({ media: 'print' });
    expect(await printed.isVisible()).toBe(true);
    expect(await page.locator(`figure[data-chart="${CURVE}"] .ev-plots`).isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });
});
