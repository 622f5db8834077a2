import { Buffer } from 'node:buffer';
import type { GifEncoder } from 'gifenc';
import { EpisodePalette, type FramePixels, TRANSPARENT_INDEX } from './episode-palette.js';
import { frameDelayCentiseconds } from './gif-timing.js';
import { gifenc } from './gifenc-module.js';

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

/** The region of a frame whose palette indices changed, inclusive. */
interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/**
 * Streams one episode into a GIF: one palette for the whole episode (no flicker), built from the
 * first `paletteFrames` frames, then every frame as it comes. After the first frame only the box
 * around the pixels whose palette index changed is written; unchanged pixels inside it take the
 * transparent index and the frame before is kept (disposal 1), so LZW squeezes them into almost
 * nothing: files about ten times smaller, and less CPU taken from the training loop.
 */
export class EpisodeGifEncoder {
  private readonly width: number;
  private readonly height: number;
  private readonly encoder: GifEncoder;
  private held: FramePixels[] = [];
  private palette: EpisodePalette | null = null;
  /** the frame before: pixels (and whole rows) whose bytes did not change keep their index, unlooked-up */
  private previous: FramePixels | null = null;
  /** every pixel's palette index as a viewer sees it after the frames written so far */
  private readonly indices: Uint8Array;
  /** the frame in which each pixel's index last changed */
  private readonly changedAt: Int32Array;
  /** per row: the frame in which an index in it last changed, and the first and last column changed then */
  private readonly rowChangedAt: Int32Array;
  private readonly rowLeft: Int32Array;
  private readonly rowRight: Int32Array;
  /** the changed box's pixels, as handed to gifenc */
  private readonly boxPixels: Uint8Array;
  private written = 0;

  constructor(private readonly options: EpisodeGifEncoderOptions) {
    const { width, height } = options;
    this.width = width;
    this.height = height;
    this.encoder = gifenc.GIFEncoder({ auto: false, initialCapacity: 1 << 16 });
    this.indices = new Uint8Array(width * height);
    this.changedAt = new Int32Array(width * height).fill(-1);
    this.rowChangedAt = new Int32Array(height).fill(-1);
    this.rowLeft = new Int32Array(height);
    this.rowRight = new Int32Array(height);
    this.boxPixels = new Uint8Array(width * height);
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
      return this.held.length < this.options.paletteFrames ? [] : this.writeHeld();
    }
    const released = this.writeFrame({ data, channels });
    return released ? [released] : [];
  }

  /** Writes what is held and the trailer; returns the frames no longer needed. */
  finish(): Uint8Array[] {
    const released = this.palette === null ? this.writeHeld() : [];
    if (this.previous) released.push(this.previous.data);
    this.previous = null;
    if (this.written > 0) {
      this.encoder.finish();
      this.flushStream();
      if (this.palette?.grew) this.options.patch(GLOBAL_COLOR_TABLE_OFFSET, this.palette.table());
    }
    return released;
  }

  private writeHeld(): Uint8Array[] {
    const held = this.held;
    this.held = [];
    if (held.length === 0) return [];
    this.palette = new EpisodePalette(held, this.width * this.height);
    const released: Uint8Array[] = [];
    for (const frame of held) {
      const done = this.writeFrame(frame);
      if (done) released.push(done);
    }
    return released;
  }

  /** Encodes a frame; returns the frame before it, no longer needed. */
  private writeFrame(frame: FramePixels): Uint8Array | null {
    const box = this.mapToPalette(frame);
    const delay = frameDelayCentiseconds(this.written, this.options.fps) * 10; // gifenc takes ms, stores cs
    if (this.written === 0) {
      this.encoder.writeHeader();
      this.encoder.writeFrame(this.indices, this.width, this.height, {
        first: true,
        palette: this.palette?.colors,
        repeat: 0,
        delay,
      });
      checkGlobalColorTable(this.encoder.stream.bytesView());
    } else {
      this.writeChangedBox(box, delay);
    }
    this.written++;
    this.flushStream();
    const released = this.previous?.data ?? null;
    this.previous = frame;
    return released;
  }

  /**
   * Maps the frame's pixels to palette indices, in place in `indices`, and returns the box around the
   * indices that changed (null: none did). Rows whose bytes equal the frame before are skipped (a native
   * memcmp); in a changed row only the span between its first and last changed byte is visited.
   */
  private mapToPalette({ data, channels }: FramePixels): Box | null {
    const { width, height } = this;
    const previous = this.previous?.channels === channels ? this.previous.data : null;
    const rowBytes = width * channels;
    const now = Buffer.from(data.buffer, data.byteOffset, height * rowBytes);
    const before = previous && Buffer.from(previous.buffer, previous.byteOffset, height * rowBytes);
    const words = before && rowBytes % 4 === 0 ? bothAsWords(now, before) : null;
    let box: Box | null = null;
    for (let y = 0, start = 0; y < height; y++, start += rowBytes) {
      let first = start;
      let last = start + rowBytes - 1;
      if (before) {
        if (now.compare(before, start, start + rowBytes, start, start + rowBytes) === 0) continue;
        [first, last] = words
          ? differingWords(words, start, rowBytes)
          : differingBytes(now, before, start, rowBytes);
      }
      const left = Math.floor((first - start) / channels);
      const right = Math.floor((last - start) / channels);
      if (!this.mapRow(data, before, channels, y, left, right)) continue;
      box ??= { top: y, bottom: y, left: width, right: -1 };
      box.bottom = y;
      box.left = Math.min(box.left, this.rowLeft[y] as number);
      box.right = Math.max(box.right, this.rowRight[y] as number);
    }
    return box;
  }

  /**
   * Looks up pixels `left`…`right` of row `y` (those whose bytes equal the frame before keep their
   * index) and stamps the indices that change; returns whether any did, with the row's changed span.
   */
  private mapRow(
    data: Uint8Array,
    previous: Uint8Array | null,
    channels: number,
    y: number,
    left: number,
    right: number,
  ): boolean {
    const { indices, changedAt } = this;
    const palette = this.palette as EpisodePalette;
    const frame = this.written;
    const green = channels === 1 ? 0 : 1;
    const blue = channels === 1 ? 0 : 2;
    let changedLeft = -1;
    let changedRight = -1;
    for (let x = left, i = y * this.width + left, p = i * channels; x <= right; x++, i++, p += channels) {
      const r = data[p] as number;
      const g = data[p + green] as number;
      const b = data[p + blue] as number;
      if (previous && r === previous[p] && g === previous[p + green] && b === previous[p + blue]) continue;
      const index = palette.indexOf(r, g, b);
      if (index === indices[i]) continue;
      indices[i] = index;
      changedAt[i] = frame;
      if (changedLeft < 0) changedLeft = x;
      changedRight = x;
    }
    if (changedLeft < 0) return false;
    this.rowChangedAt[y] = frame;
    this.rowLeft[y] = changedLeft;
    this.rowRight[y] = changedRight;
    return true;
  }

  /**
   * Writes the box around the changed pixels, the unchanged ones in it as the transparent index (a
   * sub-rectangle saves a further 15–23 % over a whole transparent frame). Nothing changed: one
   * transparent pixel carries the frame's delay.
   */
  private writeChangedBox(changed: Box | null, delay: number): void {
    const { top, bottom, left, right } = changed ?? { top: 0, bottom: 0, left: 0, right: 0 };
    const { width, indices, changedAt, rowChangedAt } = this;
    const frame = this.written;
    const boxWidth = right - left + 1;
    const boxHeight = bottom - top + 1;
    const pixels = this.boxPixels.subarray(0, boxWidth * boxHeight);
    pixels.fill(TRANSPARENT_INDEX);
    for (let y = top, o = -left; y <= bottom; y++, o += boxWidth) {
      if (rowChangedAt[y] !== frame) continue;
      const rowRight = this.rowRight[y] as number;
      for (let x = this.rowLeft[y] as number, i = y * width + x; x <= rowRight; x++, i++) {
        if (changedAt[i] === frame) pixels[o + x] = indices[i] as number;
      }
    }
    this.encoder.writeFrame(pixels, boxWidth, boxHeight, {
      transparent: true,
      transparentIndex: TRANSPARENT_INDEX,
      dispose: 1, // keep this frame: the next one's transparent pixels show it
      delay,
    });
    placeFrame(this.encoder.stream.bytesView(), left, top, boxWidth, boxHeight);
  }

  private flushStream(): void {
    const stream = this.encoder.stream;
    this.options.write(stream.bytesView());
    stream.reset();
  }
}

// Where two frames' row differs, for a row known to differ (so both scans stop inside it). Four bytes at
// a time where both frames are 4-byte aligned: byte by byte, the worker needed 60 % more CPU for a
// 600×400 frame, most rows of which are a gradient with a change in the middle.

function bothAsWords(now: Uint8Array, before: Uint8Array): [Uint32Array, Uint32Array] | null {
  if (now.byteOffset % 4 !== 0 || before.byteOffset % 4 !== 0) return null;
  const length = now.length >> 2;
  return [
    new Uint32Array(now.buffer, now.byteOffset, length),
    new Uint32Array(before.buffer, before.byteOffset, length),
  ];
}

/** The first and last byte of the row at `start` that differ, found four bytes at a time. */
function differingWords(
  [now, before]: [Uint32Array, Uint32Array],
  start: number,
  rowBytes: number,
): [number, number] {
  let first = start >> 2;
  while (now[first] === before[first]) first++;
  let last = ((start + rowBytes) >> 2) - 1;
  while (now[last] === before[last]) last--;
  return [first << 2, (last << 2) + 3];
}

/** The first and last byte of the row at `start` that differ. */
function differingBytes(
  now: Uint8Array,
  before: Uint8Array,
  start: number,
  rowBytes: number,
): [number, number] {
  let first = start;
  while (now[first] === before[first]) first++;
  let last = start + rowBytes - 1;
  while (now[last] === before[last]) last--;
  return [first, last];
}

// The two places this package relies on the layout of gifenc's output, each checked before use, so a
// gifenc that wrote something else fails loudly instead of producing a corrupt GIF.

/** "GIF89a" and the logical screen descriptor come first: the global colour table starts at byte 13. */
const GLOBAL_COLOR_TABLE_OFFSET = 13;

/**
 * The finished file's colour table is rewritten at GLOBAL_COLOR_TABLE_OFFSET when late colours took
 * free entries: checks, on the first frame's bytes, that the table is there and has 256 entries.
 */
function checkGlobalColorTable(bytes: Uint8Array): void {
  const packed = bytes[10] as number; // flag (bit 7) and size 2^(n+1) (bits 0–2) of the global table
  if (bytes[0] !== 0x47 || (packed & 0x87) !== 0x87) {
    throw new Error('gifenc wrote an unexpected header; cannot complete the colour table');
  }
}

/**
 * gifenc writes every frame at (0, 0) and has no option for an offset, so the changed box's position
 * is written into the image descriptor it has just produced: the frame's bytes start with the graphic
 * control extension (8 bytes), then the descriptor, 0x2C, x, y, width, height (16-bit little-endian).
 */
function placeFrame(bytes: Uint8Array, left: number, top: number, width: number, height: number): void {
  const u16 = (at: number) => (bytes[at] as number) | ((bytes[at + 1] as number) << 8);
  const asExpected =
    bytes[0] === 0x21 &&
    bytes[1] === 0xf9 &&
    bytes[8] === 0x2c &&
    u16(9) === 0 &&
    u16(11) === 0 &&
    u16(13) === width &&
    u16(15) === height;
  if (!asExpected)
    throw new Error('gifenc wrote an unexpected frame layout; cannot place the changed region');
  bytes[9] = left & 0xff;
  bytes[10] = left >> 8;
  bytes[11] = top & 0xff;
  bytes[12] = top >> 8;
}
