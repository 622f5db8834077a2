/** Pixel values: bytes are taken as they are; other numbers are rounded and clipped to 0–255. */
export type FrameData = ArrayLike<number>;

/** A frame given as its pixels: `data` holds `width × height × channels` values, row by row. */
export interface PixelFrame {
  width: number;
  height: number;
  data: FrameData;
  /** 1 (grey), 3 (RGB) or 4 (RGBA, alpha ignored); inferred from the data length when absent */
  channels?: number;
}

/** Anything with ImageData's shape: a browser or @napi-rs/canvas ImageData. */
export interface ImageDataLike {
  width: number;
  height: number;
  data: Uint8ClampedArray | Uint8Array;
}

/** A canvas: an HTMLCanvasElement, OffscreenCanvas or @napi-rs/canvas Canvas. */
export interface CanvasLike {
  width: number;
  height: number;
  getContext(
    type: '2d',
  ): { getImageData(x: number, y: number, width: number, height: number): ImageDataLike } | null;
}

/** Nested arrays as rendered by many environments: `[height][width][channels]` or `[height][width]`. */
export type NestedFrame = readonly (readonly (number | readonly number[])[])[];

export type Frame = PixelFrame | ImageDataLike | CanvasLike | NestedFrame;

/** What a frame was expected to be and what it was; the capture adds the episode and frame index. */
export class FrameProblem extends Error {
  constructor(
    readonly expected: string,
    readonly received: string,
  ) {
    super(`expected ${expected}, got ${received}`);
    this.name = 'FrameProblem';
  }
}

/**
 * A checked frame, ready to be written into a pool buffer of at least `width * height * 4` bytes.
 * Pixels keep their channel count (1, 3 or 4): the worker expands them, so the training thread
 * only copies (a memcpy for byte data).
 */
export interface FrameSource {
  width: number;
  height: number;
  channels: 1 | 3 | 4;
  /** fills `target` with `width * height * channels` bytes; throws a FrameProblem on NaN */
  write(target: Uint8Array): void;
}

const isBytes = (data: FrameData): data is Uint8Array | Uint8ClampedArray =>
  data instanceof Uint8Array || data instanceof Uint8ClampedArray;

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of length ${value.length}`;
  if (ArrayBuffer.isView(value)) return `a ${value.constructor.name}`;
  return typeof value === 'object'
    ? `an object with keys ${Object.keys(value as object).join(', ') || '(none)'}`
    : `${typeof value} ${String(value)}`;
}

/**
 * The most pixels one frame may hold (4096×4096): its buffers then stay within a few hundred MB. A
 * 1.6 MB PNG can claim 20000×20000 pixels (1.6 GB as RGBA, 8 GB through the encoder).
 */
export const MAX_FRAME_PIXELS = 4096 * 4096;

function checkSize(width: unknown, height: unknown): asserts width is number {
  const ok = (n: unknown) => typeof n === 'number' && Number.isInteger(n) && n > 0 && n <= 65535;
  if (!ok(width) || !ok(height)) {
    throw new FrameProblem(
      'a width and height that are whole numbers from 1 to 65535',
      `${String(width)}×${String(height)}`,
    );
  }
  if ((width as number) * (height as number) > MAX_FRAME_PIXELS) {
    throw new FrameProblem(
      `a frame of at most ${MAX_FRAME_PIXELS.toLocaleString('en')} pixels (4096×4096)`,
      `${width}×${String(height)}`,
    );
  }
}

const isChannelCount = (n: number): n is 1 | 3 | 4 => n === 1 || n === 3 || n === 4;

/** Rounds and clips one value to a byte; NaN (or a non-number) comes back as -1 so the caller can name where it was. */
function toByte(value: number): number {
  if (typeof value !== 'number' || Number.isNaN(value)) return -1;
  return value <= 0 ? 0 : value >= 255 ? 255 : Math.round(value);
}

function flatSource(width: number, height: number, data: FrameData, givenChannels?: number): FrameSource {
  const pixels = width * height;
  const channels = givenChannels ?? data.length / pixels;
  if (givenChannels !== undefined && !isChannelCount(givenChannels)) {
    throw new FrameProblem('channels 1, 3 or 4', String(givenChannels));
  }
  if (data.length !== pixels * channels || !isChannelCount(channels)) {
    const expected =
      givenChannels === undefined
        ? `${pixels}, ${pixels * 3} or ${pixels * 4} values (${width}×${height} with 1, 3 or 4 channels)`
        : `${pixels * channels} values (${width}×${height}×${channels})`;
    throw new FrameProblem(expected, `${data.length} values`);
  }
  if (isBytes(data)) {
    return { width, height, channels, write: (target) => target.set(data) };
  }
  return {
    width,
    height,
    channels,
    write(target) {
      for (let i = 0; i < data.length; i++) {
        const byte = toByte(data[i] as number);
        if (byte < 0) {
          const pixel = Math.floor(i / channels);
          throw new FrameProblem(
            'numbers',
            `${String(data[i])} at row ${Math.floor(pixel / width)}, column ${pixel % width}, channel ${i % channels}`,
          );
        }
        target[i] = byte;
      }
    },
  };
}

function nestedSource(rows: NestedFrame): FrameSource {
  const height = rows.length;
  const first = rows[0];
  if (!Array.isArray(first) || first.length === 0) {
    throw new FrameProblem(
      'rows of pixels ([height][width][channels] or [height][width])',
      `row 0 is ${describe(first)}`,
    );
  }
  const width = first.length;
  checkSize(width, height);
  const pixel0 = first[0];
  const channels = typeof pixel0 === 'number' ? 1 : Array.isArray(pixel0) ? pixel0.length : 0;
  if (!isChannelCount(channels)) {
    throw new FrameProblem('pixels of 1, 3 or 4 values', `pixel (0, 0) is ${describe(pixel0)}`);
  }
  return {
    width,
    height,
    channels,
    write(target) {
      let t = 0;
      for (let y = 0; y < height; y++) {
        const row = rows[y];
        if (!Array.isArray(row) || row.length !== width) {
          throw new FrameProblem(`row ${y} of ${width} pixels`, describe(row));
        }
        for (let x = 0; x < width; x++) {
          const pixel = row[x] as number | readonly number[];
          if (channels === 1) {
            if (typeof pixel !== 'number') {
              throw new FrameProblem(`a number at row ${y}, column ${x}`, describe(pixel));
            }
          } else if (!Array.isArray(pixel) || pixel.length !== channels) {
            throw new FrameProblem(`${channels} values at row ${y}, column ${x}`, describe(pixel));
          }
          for (let c = 0; c < channels; c++, t++) {
            const byte = toByte(
              channels === 1 ? (pixel as number) : ((pixel as readonly number[])[c] as number),
            );
            if (byte < 0)
              throw new FrameProblem(
                'numbers',
                `${String(channels === 1 ? pixel : (pixel as readonly number[])[c])} at row ${y}, column ${x}, channel ${c}`,
              );
            target[t] = byte;
          }
        }
      }
    },
  };
}

/**
 * Checks a frame in any supported layout and returns how to write it as RGBA. Throws a FrameProblem
 * saying what was expected and what came.
 */
export function inspectFrame(frame: unknown): FrameSource {
  if (Array.isArray(frame)) return nestedSource(frame as NestedFrame);
  if (frame === null || typeof frame !== 'object') {
    throw new FrameProblem(
      'a frame ({ width, height, data }, ImageData, a canvas or nested arrays)',
      describe(frame),
    );
  }
  const candidate = frame as Partial<PixelFrame & CanvasLike>;
  if (typeof candidate.getContext === 'function') {
    checkSize(candidate.width, candidate.height);
    const context = candidate.getContext('2d');
    if (!context) throw new FrameProblem('a canvas with a 2d context', 'getContext("2d") returned null');
    const image = context.getImageData(0, 0, candidate.width, candidate.height as number);
    return flatSource(image.width, image.height, image.data, 4);
  }
  const data = candidate.data;
  if (data === undefined || typeof (data as ArrayLike<number>).length !== 'number') {
    throw new FrameProblem(
      'a frame ({ width, height, data }, ImageData, a canvas or nested arrays)',
      describe(frame),
    );
  }
  checkSize(candidate.width, candidate.height);
  return flatSource(candidate.width, candidate.height as number, data, candidate.channels);
}
