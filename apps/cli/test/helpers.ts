import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

export const cliRoot = fileURLToPath(new URL('..', import.meta.url));
export const binPath = join(cliRoot, 'dist', 'bin.js');
export const fixtureDir = fileURLToPath(
  new URL('../../../fixtures/python-reference/evidence', import.meta.url),
);

/** The e2e tests run the built command; turbo builds before testing, but a bare `vitest run` may not have. */
export function requireBuiltBin(): void {
  if (!existsSync(binPath)) {
    throw new Error(
      `${binPath} is missing: build first (pnpm exec turbo run build --filter=@evidence/cli...)`,
    );
  }
}

export function tempDir(label = 'cli'): string {
  return mkdtempSync(join(tmpdir(), `evidence-${label}-`));
}

/** A writable copy of the Python reference folder (the fixtures are read-only and must stay untouched). */
export function copyFixture(): string {
  const dir = join(tempDir('fixture'), 'evidence');
  cpSync(fixtureDir, dir, { recursive: true });
  makeWritable(dir);
  return dir;
}

/** The SHA-256 of every file under `dir`, by its path relative to `dir`. */
export function hashTree(dir: string, sub = '', into = new Map<string, string>()): Map<string, string> {
  for (const entry of readdirSync(join(dir, sub), { withFileTypes: true })) {
    const rel = sub ? `${sub}/${entry.name}` : entry.name;
    if (entry.isDirectory()) hashTree(dir, rel, into);
    else
      into.set(
        rel,
        createHash('sha256')
          .update(readFileSync(join(dir, rel)))
          .digest('hex'),
      );
  }
  return into;
}

function makeWritable(path: string): void {
  const info = statSync(path);
  chmodSync(path, info.isDirectory() ? 0o755 : 0o644);
  if (info.isDirectory()) for (const name of readdirSync(path)) makeWritable(join(path, name));
}

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/**
 * How long a test waits for a child before calling it hung: minutes, because a loaded machine (load 9
 * on 2 cores) makes a correct command 5× slower. Speed is measured by `pnpm bench`, never asserted here.
 */
export const PATIENCE_MS = 240_000;

export interface CliOptions {
  cwd?: string;
  env?: Record<string, string | undefined>;
  timeoutMs?: number;
}

function childEnv(env: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const base = { ...process.env };
  for (const key of Object.keys(base)) if (key.startsWith('EVIDENCE_')) delete base[key];
  delete base.FORCE_COLOR; // a test runner's own colour setting must not colour the command's output
  const merged: NodeJS.ProcessEnv = { ...base, NO_COLOR: '1', ...env };
  for (const key of Object.keys(merged)) if (merged[key] === undefined) delete merged[key];
  return merged;
}

/** Runs `node dist/bin.js …args` as a real child process and collects everything it printed. */
export function runCli(args: readonly string[], options: CliOptions = {}): Promise<CliResult> {
  requireBuiltBin();
  const child = startCli(args, options);
  return finished(child, options.timeoutMs ?? PATIENCE_MS);
}

export function startCli(
  args: readonly string[],
  options: CliOptions = {},
): ChildProcess & { output: { stdout: string; stderr: string } } {
  requireBuiltBin();
  const child = spawn(process.execPath, [binPath, ...args], {
    cwd: options.cwd ?? cliRoot,
    env: childEnv(options.env),
    stdio: ['ignore', 'pipe', 'pipe'],
  }) as ChildProcess & { output: { stdout: string; stderr: string } };
  child.output = { stdout: '', stderr: '' };
  // remembered, so `finished` also answers for a child that closed before anyone asked
  child.once('close', (code, signal) => {
    closed.set(child, { code, signal });
  });
  child.stdout?.setEncoding('utf8').on('data', (text: string) => {
    child.output.stdout += text;
  });
  child.stderr?.setEncoding('utf8').on('data', (text: string) => {
    child.output.stderr += text;
  });
  return child;
}

/** How each started child closed, once it has. */
const closed = new WeakMap<ChildProcess, { code: number | null; signal: NodeJS.Signals | null }>();

export function finished(
  child: ChildProcess & { output: { stdout: string; stderr: string } },
  timeoutMs = PATIENCE_MS,
): Promise<CliResult> {
  const done = closed.get(child);
  if (done) return Promise.resolve({ ...done, ...child.output });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(
        new Error(
          `evidence did not exit within ${timeoutMs} ms\nstdout:\n${child.output.stdout}\nstderr:\n${child.output.stderr}`,
        ),
      );
    }, timeoutMs);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, ...child.output });
    });
  });
}

/** Resolves once the child's output (stdout + stderr) satisfies `test`; rejects with the output after `timeoutMs`. */
export async function waitForOutput(
  child: ChildProcess & { output: { stdout: string; stderr: string } },
  test: (output: { stdout: string; stderr: string }) => boolean,
  timeoutMs = PATIENCE_MS,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!test(child.output)) {
    if (child.exitCode !== null)
      throw new Error(
        `evidence exited (${child.exitCode}) early\n${child.output.stdout}\n${child.output.stderr}`,
      );
    if (Date.now() > deadline) {
      throw new Error(
        `timed out waiting for output\nstdout:\n${child.output.stdout}\nstderr:\n${child.output.stderr}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * An 8-bit RGBA PNG whose header says `width`×`height` pixels and whose image data is `rows` zero
 * scanlines deflated at level 9: with `rows` = `height` a zlib bomb (a 4096×4096 frame is 60 KB that
 * decode to 64 MB), with a few rows a header that claims far more than the file holds.
 */
export function zeroPng(width: number, height: number, rows = height): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
  const scanlines = Buffer.alloc((1 + width * 4) * rows); // filter byte 0, then the pixels
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(scanlines, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** One PNG chunk: length, type, data, and the CRC-32 of type and data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), 8 + data.length);
  return out;
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

export const python = process.env.PYTHON ?? '/usr/bin/python3';

/** The independent oracle: Python with Pillow (CI installs it; locally the test skips, saying why). */
export function pillowAvailable(): boolean {
  return spawnSync(python, ['-c', 'import PIL'], { stdio: 'ignore' }).status === 0;
}

/** Headless Chromium for page tests: null when present, else why they skip (never on CI, where it must be). */
export const CHROMIUM = '/usr/bin/chromium';
export const chromiumMissing = existsSync(CHROMIUM)
  ? null
  : process.env.CI === 'true'
    ? (() => {
        throw new Error(`${CHROMIUM} is required on CI but missing`);
      })()
    : `${CHROMIUM} not found: skipped`;
