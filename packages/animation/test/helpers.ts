import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GifReader } from 'omggif';
import { afterEach } from 'vitest';

export { sceneFrame } from './scene.js';

export const testDir = fileURLToPath(new URL('.', import.meta.url));
export const packageDir = join(testDir, '..');

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A fresh temp folder, removed after the test. */
export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'evidence-animation-'));
  made.push(dir);
  return dir;
}

export interface PillowResult {
  format: string;
  width: number;
  height: number;
  frames: number;
  durations: number[];
  loop: number | null;
  psnr?: (number | null)[];
  source_frames?: number;
}

const PYTHON = '/usr/bin/python3';

/** Why Pillow cannot be used here, or null when it can. In CI it must be there. */
export function pillowMissing(): string | null {
  if (!existsSync(PYTHON)) return `${PYTHON} is missing`;
  const probe = spawnSync(PYTHON, ['-c', 'import PIL, numpy'], { encoding: 'utf8' });
  if (probe.status !== 0) return `Pillow or numpy missing for ${PYTHON}: ${probe.stderr.trim()}`;
  return null;
}

export const pillowSkipReason = process.env.CI === 'true' ? null : pillowMissing();
if (pillowSkipReason) console.warn(`SKIPPING Pillow decoding tests: ${pillowSkipReason}`);

/** Decodes with Debian's Pillow; `source` frames (RGB) are compared pixel by pixel (PSNR). */
export function decodeWithPillow(gif: string, source?: readonly Uint8Array[]): PillowResult {
  const args = [join(testDir, 'decode_gif.py'), gif];
  if (source) {
    const raw = join(tempDir(), 'source.rgb');
    writeFileSync(
      raw,
      Buffer.concat(source.map((frame) => Buffer.from(frame.buffer, frame.byteOffset, frame.byteLength))),
    );
    args.push(raw);
  }
  return JSON.parse(execFileSync(PYTHON, args, { encoding: 'utf8', maxBuffer: 1 << 26 })) as PillowResult;
}

export interface JsDecoded {
  width: number;
  height: number;
  frames: Uint8Array[]; // RGB, composited as a browser shows them
  delaysCs: number[];
  loop: number | null;
}

/** Decodes with omggif (not gifenc), compositing each frame over the previous one as GIF disposal 1 asks. */
export function decodeWithOmggif(gif: string): JsDecoded {
  const reader = new GifReader(readFileSync(gif));
  const canvas = new Uint8Array(reader.width * reader.height * 4);
  const frames: Uint8Array[] = [];
  const delaysCs: number[] = [];
  for (let f = 0; f < reader.numFrames(); f++) {
    const info = reader.frameInfo(f);
    if (f > 0 && info.disposal !== 1)
      throw new Error(`frame ${f}: disposal ${info.disposal}, expected 1 (keep)`);
    reader.decodeAndBlitFrameRGBA(f, canvas);
    const rgb = new Uint8Array(reader.width * reader.height * 3);
    for (let i = 0, o = 0; i < canvas.length; i += 4, o += 3) {
      rgb[o] = canvas[i] as number;
      rgb[o + 1] = canvas[i + 1] as number;
      rgb[o + 2] = canvas[i + 2] as number;
    }
    frames.push(rgb);
    delaysCs.push(info.delay);
  }
  return { width: reader.width, height: reader.height, frames, delaysCs, loop: reader.loopCount() };
}

export function psnr(a: Uint8Array, b: Uint8Array): number {
  if (a.length !== b.length) throw new Error(`lengths differ: ${a.length} vs ${b.length}`);
  let squared = 0;
  for (let i = 0; i < a.length; i++) {
    const d = (a[i] as number) - (b[i] as number);
    squared += d * d;
  }
  return squared === 0 ? Number.POSITIVE_INFINITY : 10 * Math.log10((255 * 255 * a.length) / squared);
}

export function readJson(path: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
}

/**
 * Decodes with omggif and, where available, Pillow; both must agree on size, frame count and delays,
 * and every frame must be within 30 dB PSNR of `source` (RGB) when given.
 */
export function decodeBoth(gif: string, source?: readonly Uint8Array[]): JsDecoded {
  const decoded = decodeWithOmggif(gif);
  if (source) {
    const worst = Math.min(...decoded.frames.map((frame, i) => psnr(frame, source[i] as Uint8Array)));
    if (!(worst >= 30))
      throw new Error(`omggif: a frame of ${gif} is at ${worst.toFixed(1)} dB PSNR, below 30`);
  }
  if (pillowSkipReason === null) {
    const pillow = decodeWithPillow(gif, source);
    const same =
      pillow.width === decoded.width &&
      pillow.height === decoded.height &&
      pillow.frames === decoded.frames.length &&
      pillow.durations.every((ms, i) => ms === (decoded.delaysCs[i] as number) * 10);
    if (!same) throw new Error(`Pillow and omggif disagree on ${gif}: ${JSON.stringify(pillow)}`);
    const low = (pillow.psnr ?? []).find((value): value is number => value !== null && value < 30);
    if (low !== undefined)
      throw new Error(`Pillow: a frame of ${gif} is at ${low.toFixed(1)} dB PSNR, below 30`);
  }
  return decoded;
}
