import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultPoolSize } from '../src/buffer-pool.js';
import { EpisodeRecorder } from '../src/index.js';
import { decodeWithOmggif, sceneFrame, tempDir } from './helpers.js';

describe('default pool size', () => {
  it('fills 32 MiB, never fewer than 8 nor more than 64 buffers', () => {
    expect(defaultPoolSize(600 * 400 * 4)).toBe(34);
    expect(defaultPoolSize(600 * 400 * 3)).toBe(46);
    expect(defaultPoolSize(160 * 210 * 4)).toBe(64);
    expect(defaultPoolSize(1920 * 1080 * 4)).toBe(8);
    fc.assert(
      fc.property(fc.integer({ min: 4, max: 64 * 1024 * 1024 }), (bytes) => {
        const size = defaultPoolSize(bytes);
        expect(size).toBeGreaterThanOrEqual(8);
        expect(size).toBeLessThanOrEqual(64);
        if (size > 8) expect(size * bytes).toBeLessThanOrEqual(32 * 1024 * 1024);
      }),
    );
  });

  it('a recorder without poolSize lets a producer run that far ahead, and no further', async () => {
    const [width, height] = [600, 400];
    const recorder = new EpisodeRecorder({ dir: tempDir(), schedule: { every: 1 }, maxFrames: 0 });
    const capture = recorder.begin(0);
    const frames = Array.from({ length: 56 }, (_, i) => sceneFrame(width, height, i * 3));
    const inUseWhenWaiting: number[] = [];
    // one synchronous run: the worker is still building the palette when the pool runs out
    const results = frames.map((data) => {
      const waiting = capture?.addFrame({ width, height, data });
      if (waiting) inUseWhenWaiting.push(capture?.buffersInUse ?? -1);
      return waiting;
    });
    // RGB frames: 46 buffers of 600×400×3 bytes fit in 32 MiB
    expect(results.slice(0, 46).every((result) => result === undefined)).toBe(true);
    expect(new Set(inUseWhenWaiting)).toEqual(new Set([46]));
    await Promise.all(results);
    const files = await capture?.end({ reward: 0 });
    await recorder.close();
    expect(decodeWithOmggif(files?.gif as string).frames).toHaveLength(frames.length);
  });
});
