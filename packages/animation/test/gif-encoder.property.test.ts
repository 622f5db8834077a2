import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EpisodeGifEncoder } from '../src/episode-gif-encoder.js';
import { inspectFrame } from '../src/frame.js';
import { decodeWithOmggif, tempDir } from './helpers.js';

/**
 * Colours on a 16-level grid: each alone in gifenc's 565 histogram bin (so the palette holds it
 * exactly) and at least 16 levels from any other (so a colour first seen late gets its own entry;
 * closer ones map to the nearest by design).
 */
const gridColor = fc
  .tuple(fc.integer({ min: 0, max: 15 }), fc.integer({ min: 0, max: 15 }), fc.integer({ min: 0, max: 15 }))
  .map(([r, g, b]) => [r * 16, g * 16, b * 16] as const);

const episode = fc
  .record({
    width: fc.integer({ min: 1, max: 24 }),
    height: fc.integer({ min: 1, max: 16 }),
    colors: fc.uniqueArray(gridColor, { minLength: 1, maxLength: 40, selector: (c) => c.join() }),
    frames: fc.integer({ min: 1, max: 9 }),
    paletteFrames: fc.integer({ min: 1, max: 4 }),
    channels: fc.constantFrom(1, 3, 4),
    seed: fc.integer(),
  })
  .map(({ width, height, colors: rgbColors, frames, paletteFrames, channels, seed }) => {
    // grey frames: the same grid, one value a pixel
    const colors =
      channels === 1 ? [...new Set(rgbColors.map((c) => c[0]))].map((v) => [v, v, v] as const) : rgbColors;
    // frames that change a random patch each step, so changed regions of every shape occur
    let state = seed >>> 0;
    const random = (n: number) => {
      state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
      return state % n;
    };
    const source: Uint8Array[] = [];
    let current = new Uint8Array(width * height * 3);
    for (let p = 0; p < width * height; p++)
      current.set(colors[random(colors.length)] as readonly number[], p * 3);
    for (let f = 0; f < frames; f++) {
      if (f > 0) {
        current = current.slice();
        const [x0, y0] = [random(width), random(height)];
        const [w, h] = [1 + random(width - x0), 1 + random(height - y0)];
        for (let y = y0; y < y0 + h; y++) {
          for (let x = x0; x < x0 + w; x++) {
            if (random(3) > 0)
              current.set(colors[random(colors.length)] as readonly number[], (y * width + x) * 3);
          }
        }
      }
      source.push(current);
    }
    return { width, height, source, paletteFrames, channels };
  });

describe('EpisodeGifEncoder', () => {
  it('reproduces frames exactly when their colours fit the palette, whatever changes between frames', () => {
    const dir = tempDir();
    let run = 0;
    fc.assert(
      fc.property(episode, ({ width, height, source, paletteFrames, channels }) => {
        const chunks: Uint8Array[] = [];
        let file = new Uint8Array(0);
        const encoder = new EpisodeGifEncoder({
          width,
          height,
          fps: 30,
          paletteFrames,
          write: (bytes) => chunks.push(bytes.slice()),
          patch: (offset, bytes) => {
            file = Buffer.concat(chunks);
            file.set(bytes, offset);
            chunks.splice(0, chunks.length, file);
          },
        });
        for (const rgb of source) {
          // the frame in the layout under test: grey, RGB, or RGBA with an alpha that must be ignored
          const data = new Uint8Array(width * height * channels);
          for (let p = 0; p < width * height; p++) {
            for (let c = 0; c < channels; c++)
              data[p * channels + c] = c === 3 ? (p * 37) % 256 : (rgb[p * 3 + c] as number);
          }
          const buffer = new Uint8Array(width * height * 4);
          const frame = inspectFrame({ width, height, data });
          frame.write(buffer);
          encoder.add(buffer, frame.channels);
        }
        encoder.finish();
        const path = join(dir, `episode-${run++}.gif`);
        writeFileSync(path, Buffer.concat(chunks));
        const decoded = decodeWithOmggif(path);
        expect(decoded.frames).toHaveLength(source.length);
        for (const [i, frame] of decoded.frames.entries())
          expect(Buffer.compare(frame, source[i] as Uint8Array), `frame ${i}`).toBe(0);
      }),
      { numRuns: 150 },
    );
  });
});
