/// <reference lib="dom" />
/**
 * `pnpm screenshot` (second part): the picture of the many-runs page in the README
 * (docs/many-runs-page.png). A small sweep — 6 learning rates × 5 seeds — through `writeRunsReport`,
 * opened in headless Chromium, hovered, then photographed from the filter bar to the end of the overlay.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { mulberry32 } from '@evidence/stats';
import { chromium } from 'playwright-core';
import { analyzeRuns, type RunInput } from '../src/runs/compare-runs.js';
import { writeRunsReport } from '../src/runs/write-runs-report.js';

const out = fileURLToPath(new URL('../docs/many-runs-page.png', import.meta.url));
const RATES = ['1e-5', '3e-5', '1e-4', '3e-4', '1e-3', '3e-3'];
const random = mulberry32(4);
const runs: RunInput[] = RATES.flatMap((lr, c) =>
  Array.from({ length: 5 }, (_, seed): RunInput => {
    const step = Float64Array.from({ length: 600 }, (_, i) => (i + 1) * 2048);
    // learning is fastest at 3e-4 and unstable at 3e-3, as such sweeps go
    const speed = 1 - Math.abs(c - 3) / 4;
    const reward = step.map(
      (x) => 500 * speed * (1 - Math.exp(-x / 4e5)) + (random() - 0.5) * 60 * (c === 5 ? 3 : 1),
    );
    return {
      group: `lr=${lr}`,
      task: 'CartPole-v1',
      path: `lr=${lr}/seed_${seed}`,
      table: {
        path: `lr=${lr}/seed_${seed}/progress.csv`,
        format: 'sb3-progress',
        columns: new Map([
          ['time/total_timesteps', step],
          ['rollout/ep_rew_mean', reward],
        ]),
        meta: {},
        issues: [],
      },
    };
  }),
);
const dir = mkdtempSync(join(tmpdir(), 'runs-screenshot-'));
const analysis = analyzeRuns(runs, { x: 'time/total_timesteps', y: 'rollout/ep_rew_mean', resamples: 2000 });
await writeRunsReport(analysis, join(dir, 'report'), { root: 'sweep', skipped: [], issues: [] });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1100, height: 900 }, deviceScaleFactor: 1 });
  await page.goto(pathToFileURL(join(dir, 'report', 'index.html')).href, { waitUntil: 'load' });
  await page.locator('.ev-filters input.ev-smoothing').fill('0.6');
  const figure = page.locator('figure[data-chart="curve-1-CartPole-v1"]');
  const bar = page.locator('div.ev-filters');
  await bar.scrollIntoViewIfNeeded();
  const point = await page.evaluate(() => {
    const u = (window as unknown as { evidenceCharts: Record<string, { plots: unknown[] }> }).evidenceCharts[
      'curve-1-CartPole-v1'
    ]?.plots[0] as { over: HTMLElement; valToPos: (v: number, s: string) => number };
    const box = u.over.getBoundingClientRect();
    return { x: box.left + u.valToPos(700_000, 'x'), y: box.top + box.height / 2 };
  });
  await page.mouse.move(point.x, point.y);
  const top = await bar.boundingBox();
  const bottom = await figure.boundingBox();
  if (!top || !bottom) throw new Error('the overlay is not on the page');
  await page.screenshot({
    path: out,
    clip: { x: bottom.x, y: top.y, width: bottom.width, height: bottom.y + bottom.height - top.y },
  });
  console.log(`wrote ${out}`);
} finally {
  await browser.close();
  rmSync(dir, { recursive: true, force: true });
}
