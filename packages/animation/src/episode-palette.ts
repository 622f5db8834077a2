import type { Palette } from 'gifenc';
import { gifenc } from './gifenc-module.js';

/** Pixels sampled for the palette: enough for gifenc's 565 histogram, cheap to quantize. */
const SAMPLE_PIXELS = 1 << 18;
/** The colour table always has 256 entries; the last one is the transparent index. */
export const TRANSPARENT_INDEX = 255;
/** Entries kept free for colours that first appear after the palette frames. */
const LATE_COLOR_SLOTS = 16;
/** A later colour farther than this from every entry (squared RGB distance, about 8 a channel) gets its own entry while one is free. */
const LATE_COLOR_DISTANCE2 = 192;
const NOT_LOOKED_UP = -1;

/** Pixels of one frame: `channels` bytes each (1 grey, 3 RGB, 4 RGBA with alpha ignored). */
export interface FramePixels {
  data: Uint8Array;
  channels: number;
}

/**
 * One palette for a whole episode, so nothing flickers: quantized by gifenc from a sample of the first
 * frames, with a few entries left free for colours that appear later.
 */
export class EpisodePalette {
  readonly colors: Palette;
  private used: number;
  /** set once a late colour took a free entry: the file's colour table must then be rewritten */
  grew = false;
  /**
   * A colour's index by its 5-6-5 key, found once and kept for the episode (gifenc's applyPalette would
   * build this cache anew for every frame).
   */
  private readonly lookup = new Int16Array(65536).fill(NOT_LOOKED_UP);

  constructor(frames: readonly FramePixels[], pixelsPerFrame: number) {
    const total = frames.length * pixelsPerFrame;
    const step = Math.max(1, Math.ceil(total / SAMPLE_PIXELS));
    const sample = new Uint8Array(Math.ceil(total / step) * 4);
    let s = 0;
    for (let i = 0; i < total; i += step, s += 4) {
      const { data, channels } = frames[Math.floor(i / pixelsPerFrame)] as FramePixels;
      const p = (i % pixelsPerFrame) * channels;
      const grey = channels === 1;
      sample[s] = data[p] as number;
      sample[s + 1] = data[grey ? p : p + 1] as number;
      sample[s + 2] = data[grey ? p : p + 2] as number;
      sample[s + 3] = 255;
    }
    // fewer than 256 colours asked, not 256 then some dropped: slicing drops heavily used colours
    // (−2 to −4.6 dB); the free entries take colours that appear later in the episode
    const quantized = gifenc.quantize(sample.subarray(0, s), TRANSPARENT_INDEX - LATE_COLOR_SLOTS);
    this.used = quantized.length;
    this.colors = Array.from({ length: 256 }, (_, i) => quantized[i] ?? [0, 0, 0]);
  }

  /** The palette index of a colour. */
  indexOf(r: number, g: number, b: number): number {
    const key = ((r >> 3) << 11) | ((g >> 2) << 5) | (b >> 3);
    let index = this.lookup[key] as number;
    if (index === NOT_LOOKED_UP) {
      index = this.nearestOrNew(r, g, b);
      this.lookup[key] = index;
    }
    return index;
  }

  /** The colour table as the file stores it: 256 RGB triples. */
  table(): Uint8Array {
    const table = new Uint8Array(256 * 3);
    for (const [i, color] of this.colors.entries()) table.set(color, i * 3);
    return table;
  }

  /** The nearest entry, or a new one for a colour far from all while entries are free. */
  private nearestOrNew(r: number, g: number, b: number): number {
    let best = 0;
    let bestDistance = Number.POSITIVE_INFINITY;
    for (let i = 0; i < this.used; i++) {
      const [cr, cg, cb] = this.colors[i] as [number, number, number];
      const distance = (cr - r) ** 2 + (cg - g) ** 2 + (cb - b) ** 2;
      if (distance < bestDistance) {
        bestDistance = distance;
        best = i;
      }
    }
    if (bestDistance > LATE_COLOR_DISTANCE2 && this.used < TRANSPARENT_INDEX) {
      this.colors[this.used] = [r, g, b];
      this.grew = true;
      return this.used++;
    }
    return best;
  }
}
