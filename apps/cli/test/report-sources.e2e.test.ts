/**
 * `evidence report DIR` on what other trainers write: SB3 monitor/progress files (as SB3 writes them,
 * from @evidence/sources' fixtures), a CleanRL TensorBoard run (written by the independent Python
 * writer), a W&B export; and on a folder with nothing readable. The page is opened in headless Chromium.
 */

import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CHROMIUM, chromiumMissing, hashTree, PNG_SIGNATURE, python, runCli, tempDir } from './helpers.js';

const SB3_FIXTURES = fileURLToPath(new URL('../../../packages/sources/test/fixtures/sb3', import.meta.url));
const TB_ORACLE = fileURLToPath(new URL('../../../packages/sources/test/tb_oracle.py', import.meta.url));
const canWriteTb =
  spawnSync(python, ['-c', 'import numpy'], { stdio: 'ignore' }).status === 0 || process.env.CI === 'true';
if (!canWriteTb)
  console.warn(`skipping the TensorBoard report e2e tests: ${python} with numpy is not available`);
/** The page in headless Chromium: every image decoded, no console error, the visible text. */
async function openPage(
  page: string,
): Promise<{ text: string; images: number; drawn: string[]; errors: string[] }> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const tab = await browser.newPage();
    const errors: string[] = [];
    tab.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    tab.on('pageerror', (error) => errors.push(error.message));
    tab.on('requestfailed', (request) => errors.push(`request failed: ${request.url()}`));
    await tab.goto(pathToFileURL(page).href, { waitUntil: 'load' });
    const images = await tab.$$eval('img', (all) => all.map((img) => img.naturalWidth));
    for (const width of images) expect(width).toBeGreaterThan(0);
    // the sources' line charts drawn in the page (uPlot canvases), by chart id
    const drawn = await tab.$$eval('figure[data-chart^="source-"]', (all) =>
      all.filter((figure) => figure.querySelector('canvas')).map((figure) => figure.dataset.chart ?? ''),
    );
    return { text: (await tab.textContent('body')) ?? '', images: images.length, drawn, errors };
  } finally {
    await browser.close();
  }
}

describe('evidence report on a Stable-Baselines3 log folder', () => {
  it('says what it found, charts monitor and progress files into DIR/report/, never touches the trainer files', async () => {
    const dir = join(tempDir('report-sb3'), 'ppo_cartpole');
    cpSync(SB3_FIXTURES, dir, { recursive: true });
    const before = hashTree(dir);
    const result = await runCli(['report', dir, '--resamples', '200']);
    expect(result.code, result.stderr).toBe(0);
    const [first] = result.stdout.split('\n');
    expect(first).toMatch(
      /^found 0\.monitor\.csv \+ 1\.monitor\.csv \(SB3\/baselines monitor: CartPole-v1, 12 episodes\), progress\.csv \(.*\); charting episode reward \(raw and moving average\) and episode length, over episodes and over timesteps; .*\(time\/, rollout\/, train\/, eval\/\) over time\/total_timesteps$/,
    );
    expect(result.stdout).not.toMatch(/^skipped /m);
    const after = hashTree(dir);
    for (const [file, hash] of before) expect(after.get(file), file).toBe(hash);
    const written = readdirSync(join(dir, 'report')).sort();
    expect(written).toEqual(
      expect.arrayContaining([
        'index.html',
        'REPORT.md',
        expect.stringMatching(/^source-\d-monitor-over-episode\.png$/),
        expect.stringMatching(/^source-\d-monitor-over-timesteps\.png$/),
        expect.stringMatching(/^source-\d-rollout\.png$/),
        expect.stringMatching(/^source-\d-train\.png$/),
      ]),
    );
    for (const name of written.filter((n) => n.endsWith('.png')))
      expect(readFileSync(join(dir, 'report', name)).subarray(0, 8)).toEqual(PNG_SIGNATURE);
    const markdown = readFileSync(join(dir, 'report', 'REPORT.md'), 'utf8');
    expect(markdown).toMatch(/^# CartPole-v1/m);
    expect(markdown).toMatch(/^\| 0\.monitor\.csv \+ 1\.monitor\.csv\.episodes \| `12` \|$/m);
    expect(markdown).toMatch(/^\| results\.mean_reward \| `500` \|$/m);

    // a second report replaces its own files and nothing else
    const again = await runCli(['report', dir, '--resamples', '200']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).not.toMatch(/^skipped /m);
    expect(again.stdout).toMatch(/^\d+ written, 0 skipped/m);
  });

  it.skipIf(chromiumMissing !== null)(
    `the page opens in headless Chromium ${chromiumMissing ?? ''}`,
    async () => {
      const dir = join(tempDir('report-sb3-page'), 'ppo_cartpole');
      cpSync(SB3_FIXTURES, dir, { recursive: true });
      expect((await runCli(['report', dir])).code).toBe(0);
      const page = await openPage(join(dir, 'report', 'index.html'));
      expect(page.errors).toEqual([]);
      expect(page.images).toBeGreaterThanOrEqual(2);
      expect(page.drawn).toEqual(
        expect.arrayContaining(['source-1-monitor-over-episode', 'source-1-monitor-over-timesteps']),
      );
      expect(page.text).toMatch(/CartPole-v1/);
      expect(page.text).toMatch(/episode reward and length over episodes \(12 episodes/);
    },
  );

  it('a file in report/ the report did not write is left as it is and said so', async () => {
    const dir = join(tempDir('report-sb3-own'), 'logs');
    cpSync(SB3_FIXTURES, dir, { recursive: true });
    mkdirSync(join(dir, 'report'));
    writeFileSync(join(dir, 'report', 'source-1-monitor-over-episode.png'), 'the trainer drew this');
    const result = await runCli(['report', dir]);
    // a write not done is a failure, named, unless asked for
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toMatch(
      /source-1-monitor-over-episode\.png: not written by evidence, left as it is/,
    );
    expect((await runCli(['report', dir, '--keep-others'])).code).toBe(0);
    expect(result.stdout).toMatch(
      /skipped report\/source-1-monitor-over-episode\.png: a file this report did not write/,
    );
    expect(readFileSync(join(dir, 'report', 'source-1-monitor-over-episode.png'), 'utf8')).toBe(
      'the trainer drew this',
    );
  });

  it('--out DIR itself: the sources are still found, and the trainer files stay as they were', async () => {
    const dir = join(tempDir('report-sb3-out'), 'logs');
    cpSync(SB3_FIXTURES, dir, { recursive: true });
    const before = hashTree(dir);
    const result = await runCli(['report', dir, '--out', dir]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^found 0\.monitor\.csv \+ 1\.monitor\.csv/);
    expect(existsSync(join(dir, 'source-1-monitor-over-episode.png'))).toBe(true);
    const after = hashTree(dir);
    for (const [file, hash] of before) expect(after.get(file), file).toBe(hash);
  });
});

describe.skipIf(!canWriteTb)('evidence report on a TensorBoard run (CleanRL)', () => {
  it('charts every scalar tag grouped by prefix; a damaged record is listed with its byte offset', async () => {
    const root = tempDir('report-tb');
    const run = join(root, 'runs', 'CartPole-v1__ppo__1__1700000000');
    mkdirSync(run, { recursive: true });
    const records = Array.from({ length: 30 }, (_, i) => ({
      wall_time: 1_700_000_000 + i,
      step: i * 128,
      values: [
        { tag: 'charts/episodic_return', kind: 'simple', value: 10 + i * 3 },
        { tag: 'charts/learning_rate', kind: 'tensor_double_val', value: 2.5e-4 },
        { tag: 'losses/value_loss', kind: 'tensor_float_val', value: 1 / (i + 1) },
        { tag: 'losses/entropy', kind: 'tensor_content_float', value: 0.69 - i * 0.01 },
        { tag: 'charts/histogram', kind: 'histogram' },
      ],
      ...(i === 7 ? { corrupt: 'data' } : {}),
    }));
    const spec = join(root, 'spec.json');
    writeFileSync(
      spec,
      JSON.stringify({ files: [{ path: join(run, 'events.out.tfevents.1700000000.host.1.0'), records }] }),
    );
    const written = spawnSync(python, [TB_ORACLE, 'write', spec], { encoding: 'utf8' });
    expect(written.status, written.stderr).toBe(0);
    const result = await runCli(['report', run, '--resamples', '200']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.split('\n')[0]).toMatch(
      /^found CartPole-v1__ppo__1__1700000000 \(TensorBoard run: 4 scalar tags, 116 values\); charting 4 keys in 2 groups \(charts\/, losses\/\) over step$/,
    );
    expect(result.stderr).toMatch(/events\.out\.tfevents\.1700000000\.host\.1\.0: byte \d+/);
    const files = readdirSync(join(run, 'report'));
    expect(files).toEqual(
      expect.arrayContaining(['source-1-charts.png', 'source-1-losses.png', 'index.html']),
    );
    const markdown = readFileSync(join(run, 'report', 'REPORT.md'), 'utf8');
    expect(markdown).toMatch(/TensorBoard run/);
    expect(markdown).toMatch(/source-1-losses\.png/);
  });
});

describe('evidence report on other exports, and on nothing readable', () => {
  it('a W&B panel export: one chart per metric', async () => {
    const dir = tempDir('report-wandb');
    const lines = [
      '"Step","ppo - charts/episodic_return","ppo - charts/episodic_return__MIN","a2c - charts/episodic_return"',
    ];
    for (let step = 0; step < 20; step++) lines.push(`${step * 100},${step * 2},${step * 2 - 1},${step}`);
    writeFileSync(join(dir, 'wandb_export.csv'), `${lines.join('\n')}\n`);
    const result = await runCli(['report', dir]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(
      /^found wandb_export\.csv#ppo \(W&B panel export: .*\), wandb_export\.csv#a2c \(W&B panel export: .*\); charting W&B run ppo over Step; W&B run a2c over Step$/m,
    );
    expect(readdirSync(join(dir, 'report'))).toContain('source-1-wandb-charts-episodic-return.png');
  });

  it('only unreadable files: exit 1, says what it looked for and why each found file was not read, writes nothing', async () => {
    const dir = tempDir('report-nothing');
    writeFileSync(join(dir, '0.monitor.csv'), '#{"t_start": 1, "env_id": "CartPole-v1"}\nr,l,t\n');
    writeFileSync(join(dir, 'notes.txt'), 'hello');
    const result = await runCli(['report', dir]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(
      /nothing to report \(looked for training_log\.csv, .*\*monitor\.csv, progress\.csv, .*events\.out\.tfevents\.\*.*; found none/,
    );
    expect(readdirSync(dir).sort()).toEqual(['0.monitor.csv', 'notes.txt']);
  });
});
