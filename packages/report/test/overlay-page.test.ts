/// <reference lib="dom" />
// The page kit's charts in headless Chromium: every control of an overlay (run and metric filters, an
// invalid expression, group toggles down to none shown on a log scale, smoothing, the x modes, the
// aggregate view) with no page error; tick labels read back from the drawn axes at small and large
// scales; a standard chart whose only line is hidden on a log scale.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Chart } from '@evidence/plots';
import { mulberry32 } from '@evidence/stats';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OverlayInput } from '../src/page/index.js';
import { embedOverlay, interactiveAssets, interactiveChart, interactiveFigure } from '../src/page/index.js';
import { chromiumMissing, launchChromium, openPage } from './helpers.js';

const GROUPS = ['lr=1e-5', 'lr=3e-4', 'lr=1e-3'];
const COLORS = ['#1d4ed8', '#c026d3', '#16a34a'];
const STEPS = 400;

/** One metric of 3 groups × 4 seeds, x up to 40M steps, with wall time; `value` makes the metric. */
function overlay(
  metric: string,
  value: (group: number, step: number, noise: number) => number,
): OverlayInput {
  const random = mulberry32(7);
  const runs: OverlayInput['runs'][number][] = [];
  GROUPS.forEach((group, g) => {
    for (let seed = 0; seed < 4; seed++) {
      const x = Array.from({ length: STEPS }, (_, i) => (i + 1) * 100_000);
      runs.push({
        name: `${group}/seed_${seed}`,
        group,
        x,
        y: x.map((step) => value(g, step, random())),
        wall: x.map((_, i) => 1_700_000_000 + seed * 50 + i * 3.5),
      });
    }
  });
  const grid = Array.from({ length: 50 }, (_, i) => (i + 1) * 800_000);
  return {
    title: metric,
    metric,
    xLabel: 'step',
    statistic: 'mean',
    band: '95% band',
    runs,
    groups: GROUPS.map((name, g) => ({
      name,
      color: COLORS[g] as string,
      runs: 4,
      x: grid,
      center: grid.map((step) => value(g, step, 0.5)),
      low: grid.map((step) => value(g, step, 0.2)),
      high: grid.map((step) => value(g, step, 0.8)),
    })),
  };
}

const lonely: Chart = {
  title: 'one positive line',
  xLabel: 'step',
  panels: [
    {
      yLabel: 'loss',
      series: [{ type: 'line', label: 'loss', x: [1, 2, 3], y: [0.5, 0.25, 0.125], color: '#b3261e' }],
    },
  ],
};

type Plot = {
  axes: { _values?: string[]; label?: string }[];
  series: { label: string; show: boolean }[];
  scales: Record<string, { min: number; max: number; distr: number }>;
};
type Registry = Record<string, { plots: Plot[]; shown?: string[] }>;

describe.skipIf(chromiumMissing !== null)(
  `page kit charts in headless Chromium ${chromiumMissing ?? ''}`,
  () => {
    let browser: Browser;
    let file: string;
    beforeAll(async () => {
      browser = await launchChromium();
      const figures = [
        interactiveFigure(
          embedOverlay(
            overlay('episode reward', (g, step, n) => (g - 1) * 50 + (step / 4e7) * 100 * (g + 1) + n * 20),
          ),
          { id: 'reward' },
        ),
        interactiveFigure(
          embedOverlay(overlay('loss', (g, step, n) => 2 / (1 + step / 1e6) + 0.01 * (g + 1) + n * 0.01)),
          {
            id: 'loss',
          },
        ),
        interactiveFigure(embedOverlay(overlay('learning rate', (g) => [1e-5, 3e-4, 1e-3][g] as number)), {
          id: 'lr',
        }),
        interactiveChart(lonely, { id: 'lonely' }),
      ];
      file = join(mkdtempSync(join(tmpdir(), 'overlay-page-')), 'index.html');
      writeFileSync(
        file,
        `<!doctype html><html><head><meta charset="utf-8"></head><body><main>${figures.join('\n')}</main>${interactiveAssets({ live: false })}</body></html>`,
      );
    });
    afterAll(async () => {
      await browser?.close();
    });

    const open = () => openPage(browser, file);

    /** `read` run in the page on the state of chart `id`. */
    const state = async <T>(page: Page, id: string, read: (chart: Registry[string]) => T): Promise<T> => {
      const chart = await page.evaluateHandle(
        (id) => (window as unknown as { evidenceCharts: Registry }).evidenceCharts[id] as Registry[string],
        id,
      );
      return (await chart.evaluate(read)) as T;
    };

    it('tick labels: SI prefixes for 40M steps, exponents for learning rates, every label distinct', async () => {
      const { page, errors, close } = await open();
      const axes = await state(page, 'lr', (c) => c.plots[0]?.axes.map((a) => a._values ?? []));
      const [x, y] = axes as [string[], string[]];
      expect(x.length).toBeGreaterThan(2);
      expect(new Set(x).size).toBe(x.length);
      for (const label of x) expect(label).toMatch(/^(0|\d+(\.\d+)?M)$/);
      expect(x).toContain('20M');
      expect(new Set(y).size).toBe(y.length);
      expect(y.some((label) => /^\d(\.\d+)?e-4$/.test(label))).toBe(true);
      expect(y).not.toContain('0.0001'); // small values in exponent form, never a row of zeros
      expect(errors).toEqual([]);
      await close();
    });

    it('every control of the filter bar and the legend works, with no page error', async () => {
      const { page, errors, close } = await open();
      const shown = (id: string) => state(page, id, (c) => c.shown ?? []);
      expect(await shown('reward')).toHaveLength(12);

      await page.locator('input.ev-run-filter').fill('seed_[01]$');
      expect(await shown('reward')).toEqual(GROUPS.flatMap((g) => [`${g}/seed_0`, `${g}/seed_1`]));
      expect(await page.locator('output.ev-filter-status').textContent()).toContain('6 of 12 runs');

      await page.locator('input.ev-run-filter').fill('seed_[');
      expect(await page.locator('input.ev-run-filter').getAttribute('class')).toContain('ev-bad');
      expect(await shown('reward')).toEqual([]);
      expect(await page.locator('figure[data-chart="reward"] .ev-empty').textContent()).toMatch(
        /No run matches/,
      );
      await page.locator('input.ev-run-filter').fill('');

      await page.locator('input.ev-tag-filter').fill('^loss$');
      expect(await page.locator('figure[data-chart="reward"]').isHidden()).toBe(true);
      expect(await page.locator('figure[data-chart="loss"]').isVisible()).toBe(true);
      await page.locator('input.ev-tag-filter').fill('');
      expect(await page.locator('figure[data-chart="reward"]').isVisible()).toBe(true);

      // log scale, then every group hidden: nothing to draw, nothing thrown
      await page.locator('figure[data-chart="loss"] input.ev-log').check();
      expect(await state(page, 'loss', (c) => c.plots[0]?.scales.y?.distr)).toBe(3);
      for (const group of GROUPS)
        await page.locator(`figure[data-chart="loss"] button.ev-group[data-group="${group}"]`).click();
      expect(await shown('loss')).toEqual([]);
      await page.locator('.ev-filters input.ev-smoothing').fill('0.9');
      for (const group of GROUPS)
        await page.locator(`figure[data-chart="loss"] button.ev-group[data-group="${group}"]`).click();
      expect(await shown('loss')).toHaveLength(12);

      // smoothing redraws the same plot with smoothed data; the logged values stay beside it
      const smoothed = await state(page, 'loss', (c) => {
        const chart = c as unknown as { plots: { data: (number | null)[][] }[]; raw: (number | null)[][] };
        const drawn = chart.plots[0]?.data[1] ?? [];
        const logged = chart.raw[1] ?? [];
        return drawn.some((v, i) => v !== null && v !== logged[i]);
      });
      expect(smoothed).toBe(true);
      // log scale with smoothing: the y range covers the logged values, not only the smoothed line
      const range = await state(page, 'loss', (c) => [c.plots[0]?.scales.y?.min, c.plots[0]?.scales.y?.max]);
      expect(range[0]).toBeLessThanOrEqual(2 / (1 + 4e7 / 1e6) + 0.01);
      expect(range[1]).toBeGreaterThanOrEqual(2 / 1.1 + 0.01);

      for (const mode of ['relative', 'wall', 'step']) {
        await page.locator('select.ev-x').selectOption(mode);
        const label = await state(page, 'reward', (c) => c.plots[0]?.axes[0]?.label);
        expect(label).toContain(
          mode === 'step' ? 'step' : mode === 'wall' ? 'wall time' : 'since the run started',
        );
      }
      await page.locator('select.ev-view').selectOption('aggregate');
      expect(
        await state(page, 'reward', (c) => c.plots[0]?.series.slice(1).map((s) => s.label)),
      ).toHaveLength(9);
      for (const group of GROUPS)
        await page.locator(`figure[data-chart="reward"] button.ev-group[data-group="${group}"]`).click();
      expect(await page.locator('figure[data-chart="reward"] .ev-empty').textContent()).toMatch(
        /Every group is hidden/,
      );
      expect(errors).toEqual([]);
      await close();
    });

    it('a standard chart on a log scale with its only line hidden draws an empty chart, no error', async () => {
      const { page, errors, close } = await open();
      await page.locator('figure[data-chart="lonely"] input.ev-log').check();
      await page
        .locator('figure[data-chart="lonely"] .u-legend .u-series', { hasText: 'loss' })
        .locator('.u-label')
        .click();
      expect(await state(page, 'lonely', (c) => c.plots[0]?.series[1]?.show)).toBe(false);
      await page.locator('figure[data-chart="lonely"] input.ev-smoothing').fill('0.5');
      await page.locator('figure[data-chart="lonely"] input.ev-log').uncheck();
      await page.locator('figure[data-chart="lonely"] input.ev-log').check();
      expect(errors).toEqual([]);
      await close();
    });
  },
);
