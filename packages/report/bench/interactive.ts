/**
 * `pnpm bench` (second part): the interactive page of a report whose training log has 1,000,000 rows.
 * Page weight (target: at most 3 MB) next to the weight the same data would have undecimated, and the
 * time Chromium takes to open the page from disk and draw its charts (target: under a second) next to
 * the same page with JavaScript off (the static images only), measured in the same run.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { trainingCurveChart } from '@evidence/plots';
import { chromium } from 'playwright-core';
import { embedChart } from '../src/page/index.js';

// What users run: the built package (`pnpm bench` builds it first), not the TypeScript sources.
const library: typeof import('../src/index.js') = await import(
  new URL('../dist/index.js', import.meta.url).href
);

const RUNS = 7;
const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

const dir = mkdtempSync(join(tmpdir(), 'report-bench-interactive-'));
try {
  const runner = fileURLToPath(new URL('run.ts', import.meta.url));
  execFileSync(process.execPath, ['--import', 'tsx', runner, '--generate', dir], { stdio: 'ignore' });
  await library.buildReport(dir, { resamples: 0 });
  const page = join(dir, 'report', 'index.html');
  const html = readFileSync(page, 'utf8');
  const embedded = [...html.matchAll(/<script type="application\/json" class="ev-data">(.*?)<\/script>/gs)]
    .map((m) => (m[1] as string).length)
    .reduce((a, b) => a + b, 0);
  // the same chart with every row kept: one pixel column per step
  const full = embedChart(await trainingCurveChart(join(dir, 'training_log.csv')), {
    columns: 1_000_000,
  });
  const fullBytes = JSON.stringify(full).length;

  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const open = async (javaScriptEnabled: boolean): Promise<number[]> => {
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 1200, height: 900 } });
      const tab = await context.newPage();
      const started = performance.now();
      // the page script runs before `load`: with JavaScript on, the charts are drawn when this resolves
      await tab.goto(pathToFileURL(page).href, { waitUntil: 'load' });
      times.push(performance.now() - started);
      await context.close();
    }
    return times;
  };
  const interactive = await open(true);
  const staticOnly = await open(false);
  await browser.close();

  const mb = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`;
  console.log(`interactive page of a 1,000,000-row training log (load average ${loadavg()[0]?.toFixed(1)})`);
  console.log(`  index.html                                ${mb(statSync(page).size)}  (target ≤ 3 MB)`);
  console.log(`  chart data embedded (decimated)           ${mb(embedded)}`);
  console.log(`  baseline: training curve data, every row  ${mb(fullBytes)}`);
  console.log(
    `  open + draw in Chromium, JavaScript on    ${median(interactive).toFixed(0)} ms median of ${RUNS} (target < 1000 ms)`,
  );
  console.log(
    `  baseline: same page, JavaScript off       ${median(staticOnly).toFixed(0)} ms median of ${RUNS}`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
