import type { GifEncoder, Palette } from 'gifenc';
import { frameDelayCentiseconds } from './gif-timing';
import { gifenc } from './gifenc-module';

export interface EpisodeGifEncoderOptions {
  width: number;
  height: number;
  fps: number;
  /** how many of the first frames the palette is built from (held until then) */
  paletteFrames: number;
  /** receives the file's bytes in order; the view is reused after the call returns */
  write(bytes: Uint8Array): void;
}

/** Pixels sampled for the palette: enough for gifenc's 565 histogram, cheap to quantize. */
const PALETTE_SAMPLE_PIXELS = 1 << 18;
const EMPTY_LOOKUP = -1;

/**
 * Streams one episode into a GIF: one palette for the whole episode (no flicker), built from the
 * first `paletteFrames` frames, then every frame as it comes. After the first frame only changed
 * pixels are written: unchanged ones take the transparent index and the frame is not disposed, so
 * LZW squeezes them into almost nothing (ten times smaller files, ../shared/research/js-deps.md §1).
 */
export class EpisodeGifEncoder {
  private readonly options: EpisodeGifEncoderOptions;
  private readonly encoder: GifEncoder;
  private readonly pixels: number;
  private held: Uint8Array[] = [];
  private palette: Palette | null = null;
  private transparentIndex = 0;
  private colorDepth = 8;
  // gifenc's applyPalette allocates a 65,536-entry cache and an index array for every frame; with one
  // palette per episode the 565-colour → index lookup can be kept for the whole episode (measured in
  // bench/run.ts: the mapping is the encoder's largest cost after LZW).
  private readonly lookup = new Int16Array(65536).fill(EMPTY_LOOKUP);
  private current: Uint8Array;
  private previous: Uint8Array;
  private delta: Uint8Array;
  private written = 0;

  constructor(options: EpisodeGifEncoderOptions) {
    this.options = options;
    this.pixels = options.width * options.height;
    this.encoder = gifenc.GIFEncoder({ auto: false, initialCapacity: 1 << 16 });
    this.current = new Uint8Array(this.pixels);
    this.previous = new Uint8Array(this.pixels);
    this.delta = new Uint8Array(this.pixels);
  }

  get frameCount(): number {
    return this.written + this.held.length;
  }

  /** Takes one RGBA frame; returns the frames it no longer needs (so their buffers can be reused). */
  add(rgba: Uint8Array): Uint8Array[] {
    if (this.palette === null) {
      this.held.push(rgba);
      if (this.held.length < this.options.paletteFrames) return [];
      return this.flushHeld();
    }
    this.encodeFrame(rgba);
    return [rgba];
  }

  /** Writes what is held and the trailer; returns the frames no longer needed. */
  finish(): Uint8Array[] {
    const released = this.palette === null ? this.flushHeld() : [];
    if (this.written > 0) {
      this.encoder.finish();
      this.flushStream();
    }
    return released;
  }

  private flushHeld(): Uint8Array[] {
    const held = this.held;
    this.held = [];
    if (held.length === 0) return held;
    this.buildPalette(held);
    for (const frame of held) this.encodeFrame(frame);
    return held;
  }

  private buildPalette(frames: readonly Uint8Array[]): void {
    const total = frames.length * this.pixels;
    const step = Math.max(1, Math.ceil(total / PALETTE_SAMPLE_PIXELS));
    const sample = new Uint8Array(Math.ceil(total / step) * 4);
    let s = 0;
    for (let i = 0; i < total; i += step, s += 4) {
      const frame = frames[Math.floor(i / this.pixels)] as Uint8Array;
      const p = (i % this.pixels) * 4;
      sample[s] = frame[p] as number;
      sample[s + 1] = frame[p + 1] as number;
      sample[s + 2] = frame[p + 2] as number;
      sample[s + 3] = 255;
    }
    // 255 colours, not 256 then one dropped: slicing drops a heavily used colour (−2 to −4.6 dB).
    const palette = gifenc.quantize(sample.subarray(0, s), 255);
    this.transparentIndex = palette.length;
    this.colorDepth = Math.max(1, Math.ceil(Math.log2(palette.length + 1)));
    this.palette = [...palette, [0, 0, 0]];
  }

  private mapToPalette(rgba: Uint8Array, out: Uint8Array): void {
    const palette = this.palette as Palette;
    const lookup = this.lookup;
    for (let i = 0, p = 0; i < this.pixels; i++, p += 4) {
      const r = rgba[p] as number;
      const g = rgba[p + 1] as number;
      const b = rgba[p + 2] as number;
      const key = ((r >> 3) << 11) | ((g >> 2) << 5) | (b >> 3);
      let index = lookup[key] as number;
      if (index === EMPTY_LOOKUP) {
        index = nearest(palette, this.transparentIndex, r, g, b);
        lookup[key] = index;
      }
      out[i] = index;
    }
  }

  private encodeFrame(rgba: Uint8Array): void {
    const { width, height, fps } = this.options;
    const first = this.written === 0;
    this.mapToPalette(rgba, this.current);
    const delay = frameDelayCentiseconds(this.written, fps) * 10; // gifenc takes ms and stores cs
    if (first) {
      this.encoder.writeHeader();
      this.encoder.writeFrame(this.current, width, height, {
        first: true,
        palette: this.palette,
        repeat: 0,
        colorDepth: this.colorDepth,
        delay,
      });
    } else {
      const { current, previous, delta } = this;
      const transparent = this.transparentIndex;
      for (let i = 0; i < this.pixels; i++) {
        const index = current[i] as number;
        delta[i] = index === previous[i] ? transparent : index;
      }
      this.encoder.writeFrame(delta, width, height, {
        transparent: true,
        transparentIndex: transparent,
        dispose: 1, // keep this frame: the next one's transparent pixels show it
        colorDepth: this.colorDepth,
        delay,
      });
    }
    [this.previous, this.current] = [this.current, this.previous];
    this.written++;
    this.flushStream();
  }

  private flushStream(): void {
    const stream = this.encoder.stream;
    this.options.write(stream.bytesView());
    stream.reset();
  }
}

function nearest(palette: Palette, count: number, r: number, g: number, b: number): number {
  let best = 0;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (let i = 0; i < count; i++) {
    const color = palette[i] as [number, number, number];
    const dr = color[0] - r;
    const dg = color[1] - g;
    const db = color[2] - b;
    const distance = dr * dr + dg * dg + db * db;
    if (distance < bestDistance) {
      bestDistance = distance;
      best = i;
    }
  }
  return best;
}
