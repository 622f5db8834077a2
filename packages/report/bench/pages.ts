/**
 * `pnpm bench` (fourth part): the many-runs pages. A 400-run sweep (40 configurations × 10 seeds × 2,500
 * rows) and 100 runs × 5,000 steps, each through `writeRunsReport`: page weight (target ≤ 3 MB for the
 * sweep, ≤ 5 MB for the 100 runs), the largest SVG (target ≤ 2 MB) and the time Chromium takes to open
 * and draw the page (target < 2 s). Beside each, measured in the same run, what the code before the
 * overlay made of the same runs: every run's every point embedded in the page (1,500 pixel columns per
 * series) and every run drawn in the SVG.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Chart, LineSeries } from '@evidence/plots';
import { encodeChart } from '@evidence/plots';
import { mulberry32 } from '@evidence/stats';
import { chromium } from 'playwright-core';
import { interactiveAssets, interactiveChart } from '../src/page/index.js';
import { analyzeRuns } from '../src/runs/compare-runs.js';
import { writeRunsReport } from '../src/runs/write-runs-report.js';
import { sweep } from '../test/runs-fixtures.js';

// What users run: the built package (`pnpm bench` builds it first), not the TypeScript sources.
const library: typeof import('../src/index.js') = await import(
  new URL('../dist/index.js', import.meta.url).href
);

const OPENS = 5;
const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`;

/** The chart the code before the overlay drew: every run as a line, each group's mean and band dashed. */
function everyRunChart(analysis: import('../src/index.js').RunsAnalysis): Chart {
  const series: LineSeries[] = analysis.summary.runs.map((run, i) => ({
    type: 'line',
    label: run.path,
    x: analysis.aligned[i]?.x ?? [],
    y: analysis.aligned[i]?.y ?? [],
    color: '#1d4ed8',
    width: 1,
    alpha: 0.22,
  }));
  for (const [group, curve] of Object.entries(analysis.curves['CartPole-v1'] ?? {}))
    series.push(
      {
        type: 'line',
        label: `${group} low`,
        x: curve.x,
        y: curve.lo,
        color: '#c026d3',
        width: 1,
        dash: [5, 4],
      },
      {
        type: 'line',
        label: `${group} high`,
        x: curve.x,
        y: curve.hi,
        color: '#c026d3',
        width: 1,
        dash: [5, 4],
      },
      { type: 'line', label: `${group} mean`, x: curve.x, y: curve.mean, color: '#c026d3', width: 2.5 },
    );
  return {
    title: 'every run',
    xLabel: 'step',
    width: 960,
    height: 540,
    panels: [{ series, yLabel: 'reward' }],
  };
}

/**
 * `evidence report` on a folder of 100 runs × 5,000 steps of 5 metrics (CSV files, 10 groups × 10 seeds):
 * one overlay per metric. Beside it, the runs page of the same size above (one metric).
 */
async function reportOfRuns(): Promise<void> {
  const folder = join(dir, 'report-100-runs');
  const random = mulberry32(2);
  for (let g = 0; g < 10; g++)
    for (let s = 0; s < 10; s++) {
      const lines = [
        'global_step,charts/episodic_return,charts/episodic_length,losses/value_loss,losses/entropy,charts/SPS',
      ];
      for (let i = 1; i <= 5000; i++)
        lines.push(
          `${i * 400},${((g + 1) * i) / 50 + random() * 10},${200 + random() * 300},${1 / i + random() / 100},${0.7 - i / 1e4},${1000 + random() * 50}`,
        );
      const run = join(folder, `cfg${g}`, `seed_${s}`);
      mkdirSync(run, { recursive: true });
      writeFileSync(join(run, 'metrics.csv'), `${lines.join('\n')}\n`);
    }
  const started = performance.now();
  const result = await library.buildReport(folder);
  const written = performance.now() - started;
  const svg = Math.max(
    ...readdirSync(result.out)
      .filter((f) => f.endsWith('.svg'))
      .map((f) => statSync(join(result.out, f)).size),
  );
  console.log(
    'evidence report: 100 runs × 5,000 steps × 5 metrics (10 groups × 10 seeds), one overlay per metric',
  );
  console.log(`  written in                         ${(written / 1000).toFixed(1)} s`);
  console.log(`  index.html                         ${mb(statSync(result.page).size)}  (target ≤ 5 MB)`);
  console.log(`  largest SVG                        ${mb(svg)}  (target ≤ 2 MB)`);
  console.log(
    `  open + draw in Chromium            ${(await loadTimes(result.page)).toFixed(0)} ms  (target < 2000 ms)`,
  );
}

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
async function loadTimes(page: string): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < OPENS; i++) {
    const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
    const tab = await context.newPage();
    const started = performance.now();
    // the page script runs before `load`: the charts are drawn when this resolves
    await tab.goto(pathToFileURL(page).href, { waitUntil: 'load' });
    times.push(performance.now() - started);
    await context.close();
  }
  return median(times);
}

const dir = mkdtempSync(join(tmpdir(), 'report-bench-pages-'));
try {
  console.log(`many-runs pages (load average ${loadavg()[0]?.toFixed(1)}; load: median of ${OPENS} opens)`);
  for (const [name, configs, seeds, rows, target] of [
    ['sweep: 40 configurations × 10 seeds × 2,500 rows', 40, 10, 2500, 3e6],
    ['100 runs × 5,000 steps (10 groups × 10 seeds)', 10, 10, 5000, 5e6],
  ] as const) {
    if (process.argv.includes('--report-only')) break;
    const analysis = analyzeRuns(sweep(configs, seeds, rows), {
      x: 'step',
      y: 'reward',
      resamples: 1000,
    });
    const out = join(dir, `${configs}x${seeds}`);
    const started = performance.now();
    await writeRunsReport(analysis, out, { root: 'bench', skipped: [], issues: [] });
    const written = performance.now() - started;
    const page = join(out, 'index.html');
    const svg = Math.max(
      ...readdirSync(out)
        .filter((f) => f.endsWith('.svg'))
        .map((f) => statSync(join(out, f)).size),
    );
    // before: the same runs as one chart with every run embedded, as the page drew them until now
    const chart = everyRunChart(analysis);
    const before = join(dir, `${configs}x${seeds}-before.html`);
    writeFileSync(
      before,
      `<!doctype html><meta charset="utf-8"><body><main>${interactiveChart(chart, { id: 'curve' })}</main>${interactiveAssets({ live: false })}</body>`,
    );
    const beforeSvg = (await encodeChart(chart, 'svg')).length;
    console.log(name);
    console.log(`  written in                         ${(written / 1000).toFixed(1)} s`);
    console.log(`  index.html                         ${mb(statSync(page).size)}  (target ≤ ${mb(target)})`);
    console.log(`  before: every point embedded       ${mb(statSync(before).size)}  (the curve chart alone)`);
    console.log(`  largest SVG                        ${mb(svg)}  (target ≤ 2 MB)`);
    console.log(`  before: every run in the SVG       ${mb(beforeSvg)}`);
    console.log(
      `  open + draw in Chromium            ${(await loadTimes(page)).toFixed(0)} ms  (target < 2000 ms)`,
    );
    console.log(`  before: open + draw                ${(await loadTimes(before)).toFixed(0)} ms`);
  }
  await reportOfRuns();
} finally {
  await browser.close();
  rmSync(dir, { recursive: true, force: true });
}
