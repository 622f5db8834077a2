import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import type { EvalRecord } from '../src/index.js';

export const FIXTURE = fileURLToPath(
  new URL('../../../fixtures/python-reference/evidence/', import.meta.url),
);

export function readFixtureJsonl(name: string): EvalRecord[] {
  return readFileSync(`${FIXTURE}${name}`, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as EvalRecord);
}

const onCi = process.env.CI === 'true';

/** Why a tool-dependent test cannot run here, or null. On CI a missing tool is a failure, not a skip. */
function missing(tool: string, available: boolean): string | null {
  if (available) return null;
  if (onCi) throw new Error(`${tool} is required on CI but missing`);
  return `${tool} not found: skipped`;
}

export const pythonMissing = missing(
  'python3 with numpy and scipy',
  spawnSync('python3', ['-c', 'import numpy, scipy'], { stdio: 'ignore' }).status === 0,
);
export const CHROMIUM = '/usr/bin/chromium';
export const chromiumMissing = missing(CHROMIUM, existsSync(CHROMIUM));

/** Debian's headless Chromium with the flags this machine needs (no background network). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

/** `file` opened in a fresh 1200×900 context, with every page error and console error it raises. */
export async function openPage(
  browser: Browser,
  file: string,
): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
  return { page, errors, close: () => context.close() };
}

/** Run a Python snippet that reads JSON on stdin and prints JSON. */
export function python<T>(code: string, input: unknown): T {
  const out = execFileSync('python3', ['-c', code], { input: JSON.stringify(input), encoding: 'utf8' });
  return JSON.parse(out) as T;
}

/** A private copy of the reference folder (the fixture itself is never written). */
export function fixtureCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'report-fixture-'));
  cpSync(FIXTURE, dir, { recursive: true });
  return dir;
}

/** sha256 of every file under `dir`, by path relative to it (with `/`). */
export function hashTree(dir: string): Map<string, string> {
  const hashes = new Map<string, string>();
  const walk = (sub: string): void => {
    for (const entry of readdirSync(join(dir, sub), { withFileTypes: true })) {
      const rel = sub ? `${sub}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(rel);
      else
        hashes.set(
          rel,
          createHash('sha256')
            .update(readFileSync(join(dir, rel)))
            .digest('hex'),
        );
    }
  };
  walk('');
  return hashes;
}
