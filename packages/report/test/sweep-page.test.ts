/// <reference lib="dom" />
// A sweep as the issue measured it: 40 configurations × 10 seeds × 2,500 rows, each row with its wall
// time as TensorBoard logs it (Unix time, 17 digits). The page stays within its weight (≤ 3 MB, each SVG
// ≤ 2 MB) and draws all 400 runs in one overlay, configurations in natural order. Its load time is
// measured by `pnpm bench` (bench/pages.ts), not here.
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunsAnalysis } from '../src/index.js';
import { analyzeRuns } from '../src/runs/compare-runs.js';
import { naturalCompare } from '../src/runs/natural-order.js';
import { sweepConfigs } from '../src/runs/sweep-view.js';
import { writeRunsReport } from '../src/runs/write-runs-report.js';
import { chromiumMissing, launchChromium } from './helpers.js';
import { sweep } from './runs-fixtures.js';

describe('natural order', () => {
  it('numbers in names compare by value; text without digits by code point', () => {
    expect(['cfg10', 'cfg2', 'cfg1', 'cfg02', 'b', 'a10b', 'a9c'].sort(naturalCompare)).toEqual([
      'a9c',
      'a10b',
      'b',
      'cfg1',
      'cfg2',
      'cfg02',
      'cfg10',
    ]);
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', 'B', '_', '-', 'é') }), fc.string(), (a, b) => {
        if (/\d/.test(b)) return;
        expect(Math.sign(naturalCompare(a, b))).toBe(a < b ? -1 : a > b ? 1 : 0);
      }),
    );
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        expect(Math.sign(naturalCompare(a, b)) + Math.sign(naturalCompare(b, a))).toBe(0);
        if (naturalCompare(a, b) === 0) expect(a).toBe(b);
      }),
    );
  });
});

describe('a 400-run sweep page', () => {
  let out: string;
  let analysis: RunsAnalysis;
  let browser: Browser | undefined;
  beforeAll(async () => {
    const runs = sweep(40, 10, 2500);
    analysis = analyzeRuns(runs, { x: 'step', y: 'reward', resamples: 200 });
    out = join(mkdtempSync(join(tmpdir(), 'sweep-page-')), 'report');
    await writeRunsReport(analysis, out, {
      root: 'sweep',
      skipped: [],
      issues: [],
      configs: sweepConfigs(runs),
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('lists configurations in natural order: cfg2 before cfg10', () => {
    const groups = Object.keys(analysis.summary.tasks['CartPole-v1']?.groups ?? {});
    expect(groups).toEqual(Array.from({ length: 40 }, (_, c) => `cfg${c}`));
  });

  it('ranks the configurations against the best one and says which hyper-parameters matter, in a short RUNS.md', () => {
    const runsMd = readFileSync(join(out, 'RUNS.md'), 'utf8');
    // not 1,560 pairs: each configuration once in the ranking, against the best one
    expect(runsMd.split('\n').length).toBeLessThan(200);
    expect(runsMd).toMatch(/\| 1 \| cfg39 \| [\d.]+ \| \[[\d.]+, [\d.]+\] \| best \|/);
    expect(runsMd).toMatch(
      /\| 40 \| cfg0 \| [\d.]+ \| \[[\d.]+, [\d.]+\] \| 1 \[[\d.]+, 1\] \(every run above it\) \|/,
    );
    // the learning rate orders the scores exactly; the net size alternates; the seed and gamma do not vary
    expect(runsMd).toMatch(/\| learning_rate \| 1 \| 0\.00001 → 5\.9\d+ \[/);
    expect(runsMd).toMatch(/\| net \| not numeric \| large → /);
    expect(runsMd).not.toMatch(/\| (seed|gamma) \|/);
    const html = readFileSync(join(out, 'index.html'), 'utf8');
    expect(html.indexOf('id="sweep"')).toBeLessThan(html.indexOf('id="tasks"'));
    // the P(A > B) chart: the best configuration against each other one, 39 bars (not 1,560)
    const improvement = readFileSync(join(out, 'improvement.svg'), 'utf8');
    // (each label is drawn on three lines: A, >, B)
    expect(improvement.match(/>cfg39<\/text>/g)).toHaveLength(39);
    expect(improvement.match(/<text/g)?.length).toBeLessThan(400); // all 1,560 pairs would be over 4,680
  });

  it('weighs at most 3 MB, each SVG at most 2 MB', () => {
    expect(statSync(join(out, 'index.html')).size).toBeLessThanOrEqual(3_000_000);
    const svgs = readdirSync(out).filter((name) => name.endsWith('.svg'));
    expect(svgs.length).toBeGreaterThan(1);
    for (const name of svgs) expect(statSync(join(out, name)).size, name).toBeLessThanOrEqual(2_000_000);
    // the page says it shows fewer points than were logged, and where every row is
    const html = readFileSync(join(out, 'index.html'), 'utf8');
    expect(html).toMatch(/drawn from \d+ of 1000000 logged points/);
    // every run keeps its wall time (the page's x modes), as its first and milliseconds after it
    expect(html.match(/"wallStart":1765\d{6}\.\d+,"wall":\[0,/g)).toHaveLength(400);
  });

  it.skipIf(chromiumMissing !== null)(
    `draws all 400 runs in one overlay ${chromiumMissing ?? ''}`,
    async () => {
      browser = await launchChromium();
      const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(pathToFileURL(join(out, 'index.html')).href, { waitUntil: 'load' });
      const shown = () =>
        page.evaluate(
          () =>
            (window as unknown as { evidenceCharts: Record<string, { shown: string[] }> }).evidenceCharts[
              'curve-1-CartPole-v1'
            ]?.shown.length,
        );
      expect(await shown()).toBe(400);
      await page.locator('input.ev-run-filter').fill('^cfg1\\d/');
      expect(await shown()).toBe(100);
      expect(errors).toEqual([]);
    },
  );
});
