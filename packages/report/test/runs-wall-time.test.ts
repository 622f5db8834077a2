/// <reference lib="dom" />
// The runs page's x modes on runs that logged wall time (SB3 monitor files: t_start + t), from the run
// model through analyzeRuns to the page: step, wall time and relative time, with no page error.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeRuns } from '../src/runs/compare-runs.js';
import { loadRuns } from '../src/runs/load-runs.js';
import { writeRunsReport } from '../src/runs/write-runs-report.js';
import { chromiumMissing, launchChromium, openPage } from './helpers.js';

const T_START = 1_700_000_000.5;

/**
 * `<algo>/seed_<n>/monitor.csv` as SB3's Monitor writes it: a `#{json}` header with t_start and env_id,
 * then r,l,t rows (t: seconds since t_start, rounded to 6 places).
 */
function monitorFolder(): string {
  const root = mkdtempSync(join(tmpdir(), 'runs-wall-'));
  ['ppo', 'a2c'].forEach((algo, g) => {
    for (let seed = 0; seed < 3; seed++) {
      const rows = ['r,l,t'];
      for (let e = 1; e <= 60; e++)
        rows.push(`${(e * (g + 1) + seed).toFixed(1)},100,${(e * (2 + seed) + 0.123456).toFixed(6)}`);
      const dir = join(root, algo, `seed_${seed}`);
      mkdirSync(dir, { recursive: true });
      writeFileSync(
        join(dir, 'monitor.csv'),
        `#{"t_start": ${T_START + seed * 10}, "env_id": "CartPole-v1"}\n${rows.join('\n')}\n`,
      );
    }
  });
  return root;
}

describe('wall time on the runs page', () => {
  it('each run keeps the wall time of every row it aligned', async () => {
    const loaded = await loadRuns(monitorFolder());
    const analysis = analyzeRuns(loaded.runs, { y: 'r', resamples: 50 });
    const first = analysis.aligned[0];
    expect(first?.wall).toHaveLength(first?.x.length ?? -1);
    // a2c/seed_0: t_start + e·2 + 0.123456 for episode e
    expect(first?.wall?.[0]).toBeCloseTo(T_START + 2.123456, 6);
    expect(first?.wall?.[59]).toBeCloseTo(T_START + 120.123456, 6);
  });

  describe.skipIf(chromiumMissing !== null)(`x modes in headless Chromium ${chromiumMissing ?? ''}`, () => {
    let browser: Browser;
    let page: string;
    beforeAll(async () => {
      const root = monitorFolder();
      const loaded = await loadRuns(root);
      const analysis = analyzeRuns(loaded.runs, { y: 'r', resamples: 50 });
      const out = join(root, 'report');
      await writeRunsReport(analysis, out, { root, skipped: loaded.skipped, issues: loaded.issues });
      page = join(out, 'index.html');
      browser = await launchChromium();
    });
    afterAll(async () => {
      await browser?.close();
    });

    it('step, wall time and relative time each redraw the x axis, with no page error', async () => {
      const { page: tab, errors, close } = await openPage(browser, page);
      const id = await tab
        .locator('figure.ev-chart[data-chart^="curve-"]')
        .first()
        .getAttribute('data-chart');
      const axis = () =>
        tab.evaluate((id) => {
          const chart = (
            window as unknown as {
              evidenceCharts: Record<
                string,
                {
                  plots: {
                    axes: { label?: string }[];
                    scales: Record<string, { min: number; max: number }>;
                  }[];
                }
              >;
            }
          ).evidenceCharts[id as string];
          const plot = chart?.plots[0];
          return { label: plot?.axes[0]?.label, min: plot?.scales.x?.min, max: plot?.scales.x?.max };
        }, id);
      const modes = await tab
        .locator('select.ev-x option')
        .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
      expect(modes).toEqual(expect.arrayContaining(['step', 'wall', 'relative']));
      const step = await axis();
      await tab.locator('select.ev-x').selectOption('relative');
      const relative = await axis();
      // relative time: seconds (or a unit of them) since each run's first row, so it starts near 0
      expect(relative.label).not.toBe(step.label);
      expect(relative.min).toBeLessThan(10);
      expect(relative.max).toBeLessThanOrEqual(60 * 4 + 1);
      await tab.locator('select.ev-x').selectOption('wall');
      const wall = await axis();
      expect(wall.label).not.toBe(relative.label);
      expect(wall.min).toBeGreaterThanOrEqual(T_START);
      await tab.locator('select.ev-x').selectOption('step');
      expect((await axis()).label).toBe(step.label);
      expect(errors).toEqual([]);
      await close();
    });
  });
});
