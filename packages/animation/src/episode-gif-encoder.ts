import { Buffer } from 'node:buffer';
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
  /** overwrites bytes already written at `offset` (the global palette, completed at the end) */
  patch(offset: number, bytes: Uint8Array): void;
}

/** Pixels sampled for the palette: enough for gifenc's 565 histogram, cheap to quantize. */
const PALETTE_SAMPLE_PIXELS = 1 << 18;
const EMPTY_LOOKUP = -1;
/** The global colour table is always 256 entries; the last one is the transparent index. */
const TRANSPARENT_INDEX = 255;
/** Entries kept free for colours that first appear after the palette frames. */
const LATE_COLOR_SLOTS = 16;
/** A colour farther than this (squared RGB distance, about 8 a channel) from the palette gets its own entry while any is free. */
const LATE_COLOR_DISTANCE2 = 192;
/** "GIF89a" and the logical screen descriptor come first: the global colour table starts at byte 13. */
const GLOBAL_COLOR_TABLE_OFFSET = 13;

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
  private held: { data: Uint8Array; channels: number }[] = [];
  /**
   * The previous frame's pixels, kept until the next frame is mapped: rows and pixels whose bytes
   * did not change keep their indices without a lookup. Most rows of an environment's frame do not
   * change; this more than halves the worker's time on the benchmark's frames.
   */
  private lastSource: { data: Uint8Array; channels: number } | null = null;
  private palette: Palette | null = null;
  private used = 0;
  private lateColorsAdded = false;
  // gifenc's applyPalette allocates a 65,536-entry cache and an index array for every frame; with one
  // palette per episode the 565-colour → index lookup can be kept for the whole episode (measured in
  // bench/run.ts: the mapping is the encoder's largest cost after LZW).
  private readonly lookup = new Int16Array(65536).fill(EMPTY_LOOKUP);
  /** every pixel's palette index as the viewer sees it after the frame last written, updated in place */
  private readonly indices: Uint8Array;
  /**
   * the frame number at which each pixel's index last changed: the changed region is written from
   * `indices` without a second index buffer, so unchanged rows are neither copied nor visited
   */
  private readonly changedAt: Int32Array;
  private delta: Uint8Array;
  /** per row: the frame in which its indices last changed, and the first and last column changed then */
  private readonly rows: { changedAt: Int32Array; left: Int32Array; right: Int32Array };
  private written = 0;
  /** the changed region of the frame last mapped */
  private readonly box = { top: -1, bottom: -1, left: 0, right: -1 };

  constructor(options: EpisodeGifEncoderOptions) {
    this.options = options;
    this.pixels = options.width * options.height;
    this.encoder = gifenc.GIFEncoder({ auto: false, initialCapacity: 1 << 16 });
    this.indices = new Uint8Array(this.pixels);
    this.changedAt = new Int32Array(this.pixels).fill(-1);
    const { height } = options;
    this.rows = {
      changedAt: new Int32Array(height).fill(-1),
      left: new Int32Array(height),
      right: new Int32Array(height),
    };
    this.delta = new Uint8Array(this.pixels);
  }

  get frameCount(): number {
    return this.written + this.held.length;
  }

  /**
   * Takes one frame (`width × height × channels` bytes from the start of `data`, channels 1, 3 or 4,
   * alpha ignored); returns the buffers it no longer needs, so they can be reused.
   */
  add(data: Uint8Array, channels: number): Uint8Array[] {
    if (this.palette === null) {
      this.held.push({ data, channels });
      if (this.held.length < this.options.paletteFrames) return [];
      return this.flushHeld();
    }
    const released = this.encodeFrame(data, channels);
    return released ? [released] : [];
  }

  /** Writes what is held and the trailer; returns the frames no longer needed. */
  finish(): Uint8Array[] {
    const released = this.palette === null ? this.flushHeld() : [];
    if (this.lastSource) released.push(this.lastSource.data);
    this.lastSource = null;
    if (this.written > 0) {
      this.encoder.finish();
      this.flushStream();
      if (this.lateColorsAdded) this.options.patch(GLOBAL_COLOR_TABLE_OFFSET, this.colorTable());
    }
    return released;
  }

  private flushHeld(): Uint8Array[] {
    const held = this.held;
    this.held = [];
    if (held.length === 0) return [];
    this.buildPalette(held);
    const released: Uint8Array[] = [];
    for (const frame of held) {
      const done = this.encodeFrame(frame.data, frame.channels);
      if (done) released.push(done);
    }
    return released;
  }

  private buildPalette(frames: readonly { data: Uint8Array; channels: number }[]): void {
    const total = frames.length * this.pixels;
    const step = Math.max(1, Math.ceil(total / PALETTE_SAMPLE_PIXELS));
    const sample = new Uint8Array(Math.ceil(total / step) * 4);
    let s = 0;
    for (let i = 0; i < total; i += step, s += 4) {
      const { data, channels } = frames[Math.floor(i / this.pixels)] as {
        data: Uint8Array;
        channels: number;
      };
      const p = (i % this.pixels) * channels;
      const grey = channels === 1;
      sample[s] = data[p] as number;
      sample[s + 1] = data[grey ? p : p + 1] as number;
      sample[s + 2] = data[grey ? p : p + 2] as number;
      sample[s + 3] = 255;
    }
    // fewer than 256 colours asked, not 256 then some dropped: slicing drops heavily used colours
    // (−2 to −4.6 dB); the free entries take colours that appear later in the episode
    const palette = gifenc.quantize(sample.subarray(0, s), TRANSPARENT_INDEX - LATE_COLOR_SLOTS);
    this.used = palette.length;
    this.palette = Array.from({ length: 256 }, (_, i) => palette[i] ?? [0, 0, 0]);
  }

  /** A colour's palette index through the 5-6-5 lookup, which indexFor fills on a colour's first use. */
  private paletteIndex(r: number, g: number, b: number): number {
    const key = ((r >> 3) << 11) | ((g >> 2) << 5) | (b >> 3);
    let index = this.lookup[key] as number;
    if (index === EMPTY_LOOKUP) {
      index = this.indexFor(r, g, b);
      this.lookup[key] = index;
    }
    return index;
  }

  /** The nearest palette entry, or a new one for a colour far from all while entries are free. */
  private indexFor(r: number, g: number, b: number): number {
    const palette = this.palette as Palette;
    let best = 0;
    let bestDistance = Number.POSITIVE_INFINITY;
    for (let i = 0; i < this.used; i++) {
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
    if (bestDistance > LATE_COLOR_DISTANCE2 && this.used < TRANSPARENT_INDEX) {
      palette[this.used] = [r, g, b];
      this.lateColorsAdded = true;
      return this.used++;
    }
    return best;
  }

  private colorTable(): Uint8Array {
    const table = new Uint8Array(256 * 3);
    for (const [i, color] of (this.palette as Palette).entries()) table.set(color, i * 3);
    return table;
  }

  /**
   * Maps a frame to palette indices in `indices` and, in the same pass, finds the bounding box of
   * the indices that change (one pass over the pixels instead of two). Only the span of each row
   * between its first and last changed byte is looked up; the rest keeps the previous frame's indices.
   * Profiled with --cpu-prof on the benchmark's 600×400 gradient frames: this was the worker's largest
   * cost, and the worker's CPU competes with the training thread for the machine's cores.
   *
   * The first frame (or one whose channel count changed) and the usual changed-rows case are two
   * functions, not one with a null check: V8 optimized the shared one while only the first frame had
   * run, then threw that code away and recompiled it up to four times, and those compiles run on the
   * background threads that take a core from the training loop (--trace-opt --trace-deopt).
   */
  private mapToPalette(data: Uint8Array, channels: number): void {
    const { box } = this;
    box.top = -1;
    box.bottom = -1;
    box.left = this.options.width;
    box.right = -1;
    const last = this.lastSource?.channels === channels ? this.lastSource.data : null;
    if (last) this.mapChangedRows(data, last, channels);
    else this.mapWholeFrame(data, channels);
  }

  private mapWholeFrame(data: Uint8Array, channels: number): void {
    const { width, height } = this.options;
    for (let y = 0; y < height; y++) this.mapWholeSpan(data, channels, y, 0, width - 1);
  }

  private mapChangedRows(data: Uint8Array, last: Uint8Array, channels: number): void {
    const { width, height } = this.options;
    const rowBytes = width * channels;
    // unchanged rows found by a native memcmp (Buffer views over the same memory, compared by offset:
    // no view made per row); a changed row's ends are then found as 32-bit words where aligned
    const now = Buffer.from(data.buffer, data.byteOffset, height * rowBytes);
    const before = Buffer.from(last.buffer, last.byteOffset, height * rowBytes);
    const words =
      rowBytes % 4 === 0 && data.byteOffset % 4 === 0 && last.byteOffset % 4 === 0
        ? {
            now: new Uint32Array(data.buffer, data.byteOffset, (height * rowBytes) >> 2),
            before: new Uint32Array(last.buffer, last.byteOffset, (height * rowBytes) >> 2),
          }
        : null;
    for (let y = 0, p = 0; y < height; y++, p += rowBytes) {
      if (now.compare(before, p, p + rowBytes, p, p + rowBytes) === 0) continue; // same pixels, same indices
      let first: number;
      let end: number;
      if (words) {
        const { now: nowWords, before: beforeWords } = words;
        const rowStart = p >> 2;
        const rowEnd = (p + rowBytes) >> 2;
        let w = rowStart;
        while (nowWords[w] === beforeWords[w]) w++; // the row differs somewhere: both loops stop in it
        let v = rowEnd - 1;
        while (nowWords[v] === beforeWords[v]) v--;
        first = w << 2;
        end = (v << 2) + 3;
      } else {
        first = p;
        while (data[first] === last[first]) first++;
        end = p + rowBytes - 1;
        while (data[end] === last[end]) end--;
      }
      const left = Math.floor((first - p) / channels);
      const right = Math.floor((end - p) / channels);
      this.mapChangedSpan(data, last, channels, y, left, right);
    }
  }

  /** Maps pixels `left`…`right` of row `y` into `indices`; stamps the indices that change and widens the box. */
  private mapWholeSpan(data: Uint8Array, channels: number, y: number, left: number, right: number): void {
    const { indices, changedAt } = this;
    const frame = this.written;
    const green = channels === 1 ? 0 : 1;
    const blue = channels === 1 ? 0 : 2;
    let rowLeft = -1;
    let rowRight = -1;
    const rowIndex = y * this.options.width;
    for (let x = left, i = rowIndex + left, p = i * channels; x <= right; x++, i++, p += channels) {
      const r = data[p] as number;
      const g = data[p + green] as number;
      const b = data[p + blue] as number;
      const index = this.paletteIndex(r, g, b);
      if (index !== indices[i]) {
        indices[i] = index;
        changedAt[i] = frame;
        if (rowLeft < 0) rowLeft = x;
        rowRight = x;
      }
    }
    this.widenBox(y, rowLeft, rowRight);
  }

  /** As mapWholeSpan, but pixels whose bytes equal the previous frame's keep their index unvisited. */
  private mapChangedSpan(
    data: Uint8Array,
    last: Uint8Array,
    channels: number,
    y: number,
    left: number,
    right: number,
  ): void {
    const { indices, changedAt } = this;
    const frame = this.written;
    const green = channels === 1 ? 0 : 1;
    const blue = channels === 1 ? 0 : 2;
    let rowLeft = -1;
    let rowRight = -1;
    const rowIndex = y * this.options.width;
    for (let x = left, i = rowIndex + left, p = i * channels; x <= right; x++, i++, p += channels) {
      const r = data[p] as number;
      const g = data[p + green] as number;
      const b = data[p + blue] as number;
      if (r === last[p] && g === last[p + green] && b === last[p + blue]) continue; // same index
      const index = this.paletteIndex(r, g, b);
      if (index !== indices[i]) {
        indices[i] = index;
        changedAt[i] = frame;
        if (rowLeft < 0) rowLeft = x;
        rowRight = x;
      }
    }
    this.widenBox(y, rowLeft, rowRight);
  }

  private widenBox(y: number, rowLeft: number, rowRight: number): void {
    if (rowLeft < 0) return;
    const { box, rows } = this;
    rows.changedAt[y] = this.written;
    rows.left[y] = rowLeft;
    rows.right[y] = rowRight;
    if (box.top < 0) box.top = y;
    box.bottom = y;
    if (rowLeft < box.left) box.left = rowLeft;
    if (rowRight > box.right) box.right = rowRight;
  }

  /** Encodes a frame; returns the frame before it, no longer needed. */
  private encodeFrame(data: Uint8Array, channels: number): Uint8Array | null {
    const { width, height, fps } = this.options;
    const first = this.written === 0;
    this.mapToPalette(data, channels);
    const delay = frameDelayCentiseconds(this.written, fps) * 10; // gifenc takes ms and stores cs
    if (first) {
      this.encoder.writeHeader();
      this.encoder.writeFrame(this.indices, width, height, {
        first: true,
        palette: this.palette,
        repeat: 0,
        delay,
      });
    } else {
      this.writeChangedRegion(delay);
    }
    this.written++;
    this.flushStream();
    const released = this.lastSource?.data ?? null;
    this.lastSource = { data, channels };
    return released;
  }

  /**
   * Writes only the bounding box of the pixels that changed, unchanged ones inside it as the
   * transparent index. gifenc always places frames at (0, 0), so the box's offset is patched into
   * the image descriptor it just wrote (research: sub-rectangles save a further 15–23 %).
   */
  private writeChangedRegion(delay: number): void {
    const { width } = this.options;
    const { indices, changedAt, delta } = this;
    const frame = this.written;
    let { top, bottom, left, right } = this.box;
    if (top < 0) {
      // nothing changed: a single transparent pixel carries the delay
      top = bottom = left = right = 0;
    }
    const boxWidth = right - left + 1;
    const boxHeight = bottom - top + 1;
    fillDelta(delta, indices, changedAt, this.rows, frame, width, top, left, boxWidth, boxHeight);
    this.encoder.writeFrame(delta.subarray(0, boxWidth * boxHeight), boxWidth, boxHeight, {
      transparent: true,
      transparentIndex: TRANSPARENT_INDEX,
      dispose: 1, // keep this frame: the next one's transparent pixels show it
      delay,
    });
    const bytes = this.encoder.stream.bytesView();
    // graphic control extension (8 bytes), then the image descriptor: 0x2C, x, y (little-endian)
    if (bytes[8] !== 0x2c)
      throw new Error('gifenc wrote an unexpected frame layout; cannot place the changed region');
    bytes[9] = left & 0xff;
    bytes[10] = left >> 8;
    bytes[11] = top & 0xff;
    bytes[12] = top >> 8;
  }

  private flushStream(): void {
    const stream = this.encoder.stream;
    this.options.write(stream.bytesView());
    stream.reset();
  }
}

/**
 * The changed box's indices, row by row, the pixels not changed in `frame` as the transparent index.
 * Only each row's changed span is visited pixel by pixel; the rest of the box (rows between two
 * moving objects, the sides of a row) is a native fill: --cpu-prof put this loop at a sixth of the
 * worker's time when it visited every pixel of the box. Its own function: inside writeChangedRegion
 * this loop was optimized on its first run (on-stack replacement) before the code after it had ever
 * run, and that code was then thrown away again on every later frame (--trace-deopt).
 */
function fillDelta(
  delta: Uint8Array,
  indices: Uint8Array,
  changedAt: Int32Array,
  rows: { changedAt: Int32Array; left: Int32Array; right: Int32Array },
  frame: number,
  width: number,
  top: number,
  left: number,
  boxWidth: number,
  boxHeight: number,
): void {
  for (let y = 0, o = 0; y < boxHeight; y++, o += boxWidth) {
    const row = top + y;
    if (rows.changedAt[row] !== frame) {
      delta.fill(TRANSPARENT_INDEX, o, o + boxWidth);
      continue;
    }
    // outside its changed span no pixel of the row changed in this frame
    const first = (rows.left[row] as number) - left;
    const last = (rows.right[row] as number) - left;
    delta.fill(TRANSPARENT_INDEX, o, o + first);
    for (let x = first, i = row * width + left + first; x <= last; x++, i++) {
      delta[o + x] = changedAt[i] === frame ? (indices[i] as number) : TRANSPARENT_INDEX;
    }
    delta.fill(TRANSPARENT_INDEX, o + last + 1, o + boxWidth);
  }
}
