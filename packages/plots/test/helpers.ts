import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCanvas, loadImage } from '@napi-rs/canvas';

export const FIXTURES = fileURLToPath(
  new URL('../../../fixtures/python-reference/evidence/', import.meta.url),
);
export const GOLDEN = fileURLToPath(new URL('./golden/', import.meta.url));

export const tempDir = () => mkdtempSync(join(tmpdir(), 'evidence-plots-'));

export async function pixels(png: Buffer | string) {
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  return ctx.getImageData(0, 0, image.width, image.height);
}

export interface ImageDiff {
  sameSize: boolean;
  /** mean absolute channel difference, 0..255 */
  mean: number;
  /** share of pixels whose largest channel difference exceeds 64 */
  changed: number;
}

export async function diffImages(a: Buffer | string, b: Buffer | string): Promise<ImageDiff> {
  const [pa, pb] = await Promise.all([pixels(a), pixels(b)]);
  if (pa.width !== pb.width || pa.height !== pb.height) return { sameSize: false, mean: 255, changed: 1 };
  let sum = 0;
  let changed = 0;
  for (let i = 0; i < pa.data.length; i += 4) {
    let worst = 0;
    for (let c = 0; c < 3; c++) {
      const d = Math.abs((pa.data[i + c] as number) - (pb.data[i + c] as number));
      sum += d;
      if (d > worst) worst = d;
    }
    if (worst > 64) changed++;
  }
  const n = pa.width * pa.height;
  return { sameSize: true, mean: sum / (3 * n), changed: changed / n };
}

/**
 * Compares a PNG with test/golden/<name>.png within a perceptual tolerance (anti-aliasing and font
 * hinting differences pass; a moved line, a lost label or a new colour does not). On mismatch the
 * actual image is written beside the golden as <name>.actual.png. EVIDENCE_UPDATE_GOLDEN=1 rewrites
 * the goldens.
 */
export async function expectGolden(name: string, png: Buffer): Promise<void> {
  const golden = join(GOLDEN, `${name}.png`);
  const actual = join(GOLDEN, `${name}.actual.png`);
  if (process.env.EVIDENCE_UPDATE_GOLDEN === '1' || (!existsSync(golden) && process.env.CI !== 'true')) {
    writeFileSync(golden, png);
    return;
  }
  const diff = await diffImages(readFileSync(golden), png);
  const ok = diff.sameSize && diff.mean < 1.5 && diff.changed < 0.004;
  if (!ok) {
    writeFileSync(actual, png);
    throw new Error(
      `${name}: differs from ${golden} (mean ${diff.mean.toFixed(2)}/255, ${(diff.changed * 100).toFixed(2)}% pixels changed); actual written to ${actual}`,
    );
  }
}
