/// <reference lib="dom" />
/**
 * `pnpm screenshot`: the picture of the interactive page in the README (docs/interactive-page.png). Builds
 * the report of the reference trainer's folder, opens it in headless Chromium, sets the training
 * curve's smoothing to 0.6 and hovers a point, then photographs that chart.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { buildReport } from '../src/index.js';

const fixture = fileURLToPath(new URL('../../../fixtures/python-reference/evidence', import.meta.url));
const out = fileURLToPath(new URL('../docs/interactive-page.png', import.meta.url));

const dir = mkdtempSync(join(tmpdir(), 'report-screenshot-'));
cpSync(fixture, dir, { recursive: true });
await buildReport(dir, { resamples: 1000 });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1100, height: 900 }, deviceScaleFactor: 1 });
  await page.goto(pathToFileURL(join(dir, 'report', 'index.html')).href, { waitUntil: 'load' });
  const figure = page.locator('figure[data-chart="trainingCurve"]');
  await figure.locator('input.ev-smoothing').fill('0.6');
  await figure.scrollIntoViewIfNeeded();
  const point = await page.evaluate(() => {
    const charts = (window as unknown as { evidenceCharts: Record<string, { plots: unknown[] }> })
      .evidenceCharts;
    const u = charts.trainingCurve?.plots[0] as {
      over: HTMLElement;
      valToPos: (v: number, s: string) => number;
    };
    const box = u.over.getBoundingClientRect();
    return { x: box.left + u.valToPos(200, 'x'), y: box.top + box.height / 2 };
  });
  await page.mouse.move(point.x, point.y);
  // a page screenshot of the figure's box: an element screenshot could scroll it away from the cursor
  const clip = await figure.boundingBox();
  if (!clip) throw new Error('the training curve is not on the page');
  await page.screenshot({ path: out, clip });
  console.log(`wrote ${out}`);
} finally {
  await browser.close();
  rmSync(dir, { recursive: true, force: true });
}
