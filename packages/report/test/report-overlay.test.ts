/// <reference lib="dom" />
// `evidence report` on a folder of many runs: TensorBoard's first screen, one overlay per metric with a
// line per run coloured by group, within the page and SVG budgets, every control working in Chromium.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mulberry32 } from '@evidence/stats';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildReport } from '../src/index.js';
import { chromiumMissing, launchChromium, openPage } from './helpers.js';

const METRICS = [
  'charts/episodic_return',
  'charts/episodic_length',
  'losses/value_loss',
  'losses/entropy',
  'charts/learning_rate',
];

/** `groups` × `seeds` runs of `steps` rows as `<group>/seed_<n>/metrics.csv` (CleanRL's tag names). */
function runsFolder(groups: readonly string[], seeds: number, steps: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'report-overlay-'));
  const random = mulberry32(11);
  groups.forEach((group, g) => {
    for (let seed = 0; seed < seeds; seed++) {
      const lines = [`global_step,${METRICS.join(',')}`];
      for (let i = 1; i <= steps; i++) {
        const step = i * 1000;
        const progress = i / steps;
        lines.push(
          [
            step,
            100 * progress * (g + 1) + 20 * random(),
            200 + 300 * progress + 30 * random(),
            1 / (1 + 10 * progress) + 0.05 * random(),
            0.7 - 0.5 * progress + 0.01 * random(),
            3e-4 * (1 - progress) + 1e-6,
          ].join(','),
        );
      }
      mkdirSync(join(dir, group, `seed_${seed}`), { recursive: true });
      writeFileSync(join(dir, group, `seed_${seed}`, 'metrics.csv'), `${lines.join('\n')}\n`);
    }
  });
  return dir;
}

const figures = (html: string): string[] =>
  [...html.matchAll(/<figure class="ev-chart" data-chart="([^"]+)"/g)].map((m) => m[1] as string);

describe('report on a folder of runs', () => {
  it('10 seeds of one task: one chart per metric with a line per run, not a chart per run', async () => {
    const dir = runsFolder(['ppo'], 10, 200);
    const lines: string[] = [];
    const result = await buildReport(dir, { log: (line) => lines.push(line) });
    expect(result.sources).toMatch(/^found 10 runs \(CSV[^)]*\) in 1 group; charting 5 metrics/);
    const html = readFileSync(result.page, 'utf8');
    const ids = figures(html);
    expect(ids).toHaveLength(METRICS.length);
    expect(ids.every((id) => id.startsWith('overlay-'))).toBe(true);
    const names = readdirSync(result.out);
    expect(names.filter((n) => n.startsWith('source-'))).toEqual([]);
    expect(names.filter((n) => /^overlay-.*\.svg$/.test(n))).toHaveLength(METRICS.length);
    // the overlay of the first metric embeds every run (all rows: 200 steps fit the budget)
    const first = html.match(
      /data-chart="overlay-[^"]*charts_episodic_return"[\s\S]*?<script[^>]*>([\s\S]*?)<\/script>/,
    );
    const embedded = JSON.parse(first?.[1] ?? 'null') as { runs: { name: string; points: number }[] };
    expect(embedded.runs.map((r) => r.name)).toEqual(Array.from({ length: 10 }, (_, s) => `ppo/seed_${s}`));
    expect(embedded.runs.every((r) => r.points === 200)).toBe(true);
    // a few runs: the SVG draws each one thin beside the group's mean and band
    const svg = readFileSync(
      join(result.out, names.find((n) => /^overlay-1-.*\.svg$/.test(n)) as string),
      'utf8',
    );
    expect(svg).toContain('ppo (10 runs)');
    expect(result.skipped.map((s) => s.what).join(' ')).not.toMatch(/more runs/);
  });

  describe.skipIf(chromiumMissing !== null)(
    `100 runs × 5,000 steps in headless Chromium ${chromiumMissing ?? ''}`,
    () => {
      const GROUPS = ['lr=1e-4', 'lr=3e-4', 'lr=1e-3', 'lr=3e-3'];
      let browser: Browser;
      let page: string;
      let out: string;
      beforeAll(async () => {
        const dir = runsFolder(GROUPS, 25, 5000);
        const result = await buildReport(dir);
        page = result.page;
        out = result.out;
        browser = await launchChromium();
      });
      afterAll(async () => {
        await browser?.close();
      });

      it('the page is at most 5 MB and each SVG at most 2 MB', () => {
        expect(statSync(page).size).toBeLessThanOrEqual(5 * 1024 * 1024);
        const svgs = readdirSync(out).filter((n) => n.endsWith('.svg'));
        expect(svgs).toHaveLength(METRICS.length);
        for (const svg of svgs) expect(statSync(join(out, svg)).size).toBeLessThanOrEqual(2 * 1024 * 1024);
      });

      it('loads with no page error and its filters, group toggles, log scale and smoothing work', async () => {
        const { page: tab, errors, close } = await openPage(browser, page);
        const ids = figures(readFileSync(page, 'utf8'));
        const reward = ids.find((id) => id.endsWith('charts_episodic_return')) as string;
        const shown = (id: string) =>
          tab.evaluate(
            (id) =>
              (window as unknown as { evidenceCharts: Record<string, { shown?: string[] }> }).evidenceCharts[
                id
              ]?.shown ?? [],
            id,
          );
        expect(await shown(reward)).toHaveLength(100);

        await tab.locator('input.ev-run-filter').fill('^lr=1e-3/');
        expect(await shown(reward)).toHaveLength(25);
        expect(await tab.locator('output.ev-filter-status').textContent()).toContain('25 of 100 runs');
        await tab.locator('input.ev-run-filter').fill('');

        await tab.locator('input.ev-tag-filter').fill('^losses/');
        expect(await tab.locator(`figure[data-chart="${reward}"]`).isHidden()).toBe(true);
        const loss = ids.find((id) => id.endsWith('losses_value_loss')) as string;
        expect(await tab.locator(`figure[data-chart="${loss}"]`).isVisible()).toBe(true);

        await tab.locator(`figure[data-chart="${loss}"] input.ev-log`).check();
        for (const group of GROUPS)
          await tab.locator(`figure[data-chart="${loss}"] button.ev-group[data-group="${group}"]`).click();
        expect(await shown(loss)).toEqual([]);
        await tab.locator('.ev-filters input.ev-smoothing').fill('0.9');
        for (const group of GROUPS)
          await tab.locator(`figure[data-chart="${loss}"] button.ev-group[data-group="${group}"]`).click();
        expect(await shown(loss)).toHaveLength(100);
        await tab.locator('input.ev-tag-filter').fill('');
        expect(await tab.locator(`figure[data-chart="${reward}"]`).isVisible()).toBe(true);
        expect(errors).toEqual([]);
        await close();
      });
    },
  );
});
