// gifenc ships no types and there is no @types/gifenc: the part of its API this package uses.
declare module 'gifenc' {
  export type Rgb = [number, number, number];
  export type Palette = Rgb[];

  export interface WriteFrameOptions {
    /** manual mode only: this frame starts the file (writes screen descriptor, global palette, loop) */
    first?: boolean;
    transparent?: boolean;
    transparentIndex?: number;
    /** milliseconds; gifenc stores Math.round(delay / 10) centiseconds */
    delay?: number;
    palette?: Palette | null;
    /** -1 once, 0 forever, n > 0 that many times */
    repeat?: number;
    colorDepth?: number;
    dispose?: number;
  }

  export interface GifStream {
    reset(): void;
    bytesView(): Uint8Array;
    bytes(): Uint8Array;
  }

  export interface GifEncoder {
    reset(): void;
    finish(): void;
    bytes(): Uint8Array;
    bytesView(): Uint8Array;
    readonly stream: GifStream;
    writeHeader(): void;
    writeFrame(index: Uint8Array, width: number, height: number, options?: WriteFrameOptions): void;
  }

  export interface QuantizeOptions {
    format?: 'rgb565' | 'rgb444' | 'rgba4444';
    oneBitAlpha?: boolean | number;
    clearAlpha?: boolean;
    clearAlphaThreshold?: number;
    clearAlphaColor?: number;
  }

  export function GIFEncoder(options?: { initialCapacity?: number; auto?: boolean }): GifEncoder;
  export function quantize(
    rgba: Uint8Array | Uint8ClampedArray,
    maxColors: number,
    options?: QuantizeOptions,
  ): Palette;
  export function applyPalette(
    rgba: Uint8Array | Uint8ClampedArray,
    palette: Palette,
    format?: 'rgb565' | 'rgb444' | 'rgba4444',
  ): Uint8Array;
  export function nearestColorIndex(palette: Palette, pixel: readonly number[]): number;

  const gifenc: {
    GIFEncoder: typeof GIFEncoder;
    quantize: typeof quantize;
    applyPalette: typeof applyPalette;
    nearestColorIndex: typeof nearestColorIndex;
  };
  export default gifenc;
}
