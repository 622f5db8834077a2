import { createCanvas } from '@napi-rs/canvas';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FrameProblem, inspectFrame } from '../src/frame.js';

function written(frame: unknown): { channels: number; bytes: number[] } {
  const source = inspectFrame(frame);
  const target = new Uint8Array(source.width * source.height * 4);
  source.write(target);
  return {
    channels: source.channels,
    bytes: [...target.subarray(0, source.width * source.height * source.channels)],
  };
}

describe('frame layouts', () => {
  it('takes bytes as they are, in 1, 3 or 4 channels', () => {
    expect(written({ width: 2, height: 1, data: new Uint8Array([1, 2]) })).toEqual({
      channels: 1,
      bytes: [1, 2],
    });
    expect(written({ width: 1, height: 2, data: new Uint8ClampedArray([1, 2, 3, 4, 5, 6]) })).toEqual({
      channels: 3,
      bytes: [1, 2, 3, 4, 5, 6],
    });
    expect(written({ width: 1, height: 1, data: new Uint8Array([9, 8, 7, 0]) }).channels).toBe(4);
  });

  it('rounds and clips floats to 0–255 (Float32, Float64, plain arrays)', () => {
    const values = [
      -3,
      0.4,
      0.5,
      1.5,
      254.6,
      300,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
      127.49,
    ];
    const expected = [0, 0, 1, 2, 255, 255, 255, 0, 127];
    for (const data of [new Float64Array(values), new Float32Array(values), values]) {
      expect(written({ width: 3, height: 1, data }).bytes).toEqual(expected);
    }
    fc.assert(
      fc.property(fc.double({ noNaN: true }), (value) => {
        const [byte] = written({ width: 1, height: 1, data: [value] }).bytes;
        expect(byte).toBe(Math.min(255, Math.max(0, Math.round(value))));
      }),
    );
  });

  it('reads nested arrays [h][w][c] and [h][w]', () => {
    expect(
      written([
        [
          [1, 2, 3],
          [4, 5, 6],
        ],
      ]),
    ).toEqual({ channels: 3, bytes: [1, 2, 3, 4, 5, 6] });
    expect(written([[0.2], [300]])).toEqual({ channels: 1, bytes: [0, 255] });
    const source = inspectFrame([[[1, 2, 3, 4]], [[5, 6, 7, 8]]]);
    expect([source.width, source.height, source.channels]).toEqual([1, 2, 4]);
  });

  it('reads ImageData and canvases through getContext("2d").getImageData', () => {
    const canvas = createCanvas(3, 2);
    const context = canvas.getContext('2d');
    context.fillStyle = 'rgb(10, 20, 30)';
    context.fillRect(0, 0, 3, 2);
    const fromCanvas = written(canvas);
    expect(fromCanvas.channels).toBe(4);
    expect(fromCanvas.bytes.slice(0, 4)).toEqual([10, 20, 30, 255]);
    expect(written(context.getImageData(0, 0, 3, 2))).toEqual(fromCanvas);
  });

  it('says what was expected and what came', () => {
    const problem = (frame: unknown) => {
      try {
        written(frame);
      } catch (error) {
        expect(error).toBeInstanceOf(FrameProblem);
        return (error as Error).message;
      }
      throw new Error('no problem found');
    };
    expect(problem({ width: 2, height: 2, data: new Uint8Array(5) })).toBe(
      'expected 4, 12 or 16 values (2×2 with 1, 3 or 4 channels), got 5 values',
    );
    expect(problem({ width: 2, height: 2, data: new Uint8Array(8), channels: 3 })).toBe(
      'expected 12 values (2×2×3), got 8 values',
    );
    expect(problem({ width: 2, height: 1, data: new Float32Array([1, 2, 3, 4, Number.NaN, 6]) })).toBe(
      'expected numbers, got NaN at row 0, column 1, channel 1',
    );
    expect(problem([[[1, 2, 3]], [[1, Number.NaN, 3]]])).toBe(
      'expected numbers, got NaN at row 1, column 0, channel 1',
    );
    expect(problem([[[1, 2, 3]], [[1, 2]]])).toBe(
      'expected 3 values at row 1, column 0, got an array of length 2',
    );
    expect(problem({ width: 0, height: 2, data: [] })).toMatch(/^expected a width and height .* got 0×2$/);
    expect(problem('pixels')).toMatch(/^expected a frame .* got string pixels$/);
    // the size is checked before the pixels are looked at: no buffer of 20000×20000 is ever made
    expect(problem({ width: 20000, height: 20000, data: new Uint8Array(4) })).toBe(
      'expected a frame of at most 16,777,216 pixels (4096×4096), got 20000×20000',
    );
    expect(written({ width: 4096, height: 4096, data: new Uint8Array(4096 * 4096) }).channels).toBe(1);
  });
});
