import { appendFileSync, cpSync, existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildReport } from '../src/index.js';
import { chromiumMissing, FIXTURE, fixtureCopy, launchChromium } from './helpers.js';

/** Where the screenshot is kept for a human (or an image viewer) to look at. */
const SCREENSHOT_DIR = join(import.meta.dirname, '..', '.screenshots');

describe.skipIf(chromiumMissing !== null)(`index.html in headless Chromium ${chromiumMissing ?? ''}`, () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function open(dir: string) {
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('requestfailed', (request) => errors.push(`request failed: ${request.url()}`));
    await page.goto(pathToFileURL(join(dir, 'report', 'index.html')).href, { waitUntil: 'load' });
    const images = await page.$$eval('img', (all) =>
      all.map((img) => ({ alt: img.alt, width: img.naturalWidth, complete: img.complete })),
    );
    return { page, errors, images };
  }

  it('a folder with only a training log: its chart, what is missing, no console error', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'report-browser-log-'));
    cpSync(join(FIXTURE, 'training_log.csv'), join(dir, 'training_log.csv'));
    await buildReport(dir);
    const { page, errors, images } = await open(dir);
    expect(images).toEqual([{ alt: 'Training reward and loss', width: expect.any(Number), complete: true }]);
    expect(await page.locator('#run').textContent()).toContain('No run.json in this folder');
    expect(images[0]?.width).toBeGreaterThan(0);
    expect(await page.locator('#missing').textContent()).toContain('pre_eval.jsonl: not found');
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'report-training-log-only.png'), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('opens from disk with no console error, every image decoded, log text shown as text', async () => {
    const dir = fixtureCopy();
    const evil = '<img src=x onerror="window.__pwned=1"><b>bold</b> & "quoted"';
    appendFileSync(
      join(dir, 'post_eval.jsonl'),
      `${JSON.stringify({ cumulative_reward: 50, discovered: true, steps: [{ action: evil, reward: 1 }] })}\n`,
    );
    await buildReport(dir, { resamples: 500 });

    const { page, errors, images } = await open(dir);
    expect(images.length).toBeGreaterThanOrEqual(6);
    for (const image of images)
      expect(image, image.alt).toMatchObject({ complete: true, width: expect.any(Number) });
    for (const image of images) expect(image.width, image.alt).toBeGreaterThan(0);

    // The hostile action is visible as text, and it neither ran nor became an element.
    const trajectories = await page.locator('#trajectories').textContent();
    expect(trajectories).toContain(evil);
    expect(await page.evaluate(() => (globalThis as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.locator('#trajectories b').count()).toBe(0);
    expect(await page.locator('#before-after').textContent()).toContain('Mean cumulative_reward');

    // A GIF thumbnail opens full size on a click, and closes on a second one.
    const gif = page.locator('#episodes label img').first();
    const thumbnail = await gif.boundingBox();
    await gif.click();
    const full = await gif.boundingBox();
    expect(full!.width).toBeGreaterThan(thumbnail!.width * 1.5);
    await gif.click();
    expect((await gif.boundingBox())!.width).toBeCloseTo(thumbnail!.width, 0);
    // The raw logs are links that resolve to the files.
    const rawLinks = await page.$$eval('#run a', (all) =>
      all.map((a) => (a as unknown as { href: string }).href),
    );
    expect(rawLinks.length).toBeGreaterThanOrEqual(5);
    for (const href of rawLinks) expect(existsSync(fileURLToPath(href)), href).toBe(true);

    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'report.png'), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });
});
