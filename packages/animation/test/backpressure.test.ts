import { describe, expect, it } from 'vitest';
import { EpisodeRecorder } from '../src/index';
import { decodeBoth, decodeWithOmggif, psnr, sceneFrame, tempDir } from './helpers';

describe('backpressure', () => {
  it('addFrame returns a promise only when every pool buffer is with the encoder; frames keep their order', async () => {
    const poolSize = 3;
    const recorder = new EpisodeRecorder({
      dir: tempDir(),
      poolSize,
      paletteFrames: 2,
      schedule: { every: 1 },
    });
    const capture = recorder.begin(0);
    const [width, height] = [400, 300]; // a few ms a frame in the worker, microseconds to hand over
    const frames = Array.from({ length: 12 }, (_, i) => sceneFrame(width, height, i * 5));
    const inUseWhenWaiting: number[] = [];
    // one synchronous run: the producer outpaces the encoder
    const results = frames.map((data) => {
      const waiting = capture?.addFrame({ width, height, data });
      if (waiting) inUseWhenWaiting.push(capture?.buffersInUse ?? -1);
      return waiting;
    });
    expect(results.slice(0, poolSize)).toEqual([undefined, undefined, undefined]);
    expect(inUseWhenWaiting.length).toBeGreaterThan(0);
    expect(new Set(inUseWhenWaiting)).toEqual(new Set([poolSize])); // only ever when all were out
    await Promise.all(results);
    const files = await capture?.end({ reward: 0 });
    await recorder.close();
    const decoded = decodeBoth(files?.gif as string, frames);
    expect(decoded.frames).toHaveLength(frames.length);
    decoded.frames.forEach((frame, i) => {
      expect(psnr(frame, frames[i] as Uint8Array), `frame ${i}`).toBeGreaterThanOrEqual(30);
    });
  });

  it('a loop that never yields reuses the buffers the worker handed back before allocating more', async () => {
    const [width, height, count, poolSize] = [320, 240, 60, 64];
    const recorder = new EpisodeRecorder({ dir: tempDir(), poolSize, maxFrames: 0, schedule: { every: 1 } });
    // the worker started first (under vitest it boots through tsx, which takes a while)
    await recorder.record({
      episode: 1,
      frames: [{ width, height, data: sceneFrame(width, height, 0) }],
      reward: 0,
    });
    const capture = recorder.begin(0);
    const frame = new Uint8Array(width * height * 3);
    const pause = new Int32Array(new SharedArrayBuffer(4));
    for (let i = 0; i < count; i++) {
      frame.set(sceneFrame(width, height, i));
      expect(capture?.addFrame({ width, height, data: frame })).toBeUndefined();
      Atomics.wait(pause, 0, 0, 4); // a 4 ms training step that never returns to the event loop
    }
    // Buffers come back on a port whose events this loop never lets run; before they were read
    // synchronously, every step here allocated a new buffer until all 64 existed.
    expect(capture?.buffersAllocated).toBeLessThanOrEqual(count / 2);
    const files = await capture?.end({ reward: 0 });
    await recorder.close();
    expect(decodeWithOmggif(files?.gif as string).frames).toHaveLength(count);
  });

  it('memory stays flat however long the episode', async () => {
    const [width, height, count] = [320, 240, 800]; // all frames held would be 184 MB
    const recorder = new EpisodeRecorder({ dir: tempDir(), maxFrames: 0, schedule: { every: 1 } });
    // start the worker first: its start-up memory is a one-off, not growth with the episode
    await recorder.record({
      episode: 1,
      frames: [{ width, height, data: sceneFrame(width, height, 0) }],
      reward: 0,
    });
    const capture = recorder.begin(0);
    const frame = new Uint8Array(width * height * 3); // one buffer, re-rendered each step like an environment's
    const scenes = Array.from({ length: 24 }, (_, i) => sceneFrame(width, height, i));
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    let atQuarter = 0;
    let waits = 0;
    for (let i = 0; i < count; i++) {
      frame.set(scenes[i % scenes.length] as Uint8Array); // a memcpy: far faster than the encoder
      const waiting = capture?.addFrame({ width, height, data: frame });
      if (waiting) {
        waits++;
        await waiting;
      }
      if (i % 25 === 0) peak = Math.max(peak, process.memoryUsage().rss);
      if (i === count / 4) atQuarter = peak;
    }
    const files = await capture?.end({ reward: 0 });
    await recorder.close();
    expect(waits).toBeGreaterThan(0); // the producer did outrun the encoder: the pool bounded it
    expect((peak - baseline) / 1e6).toBeLessThan(60);
    expect((peak - atQuarter) / 1e6).toBeLessThan(30); // the last three quarters add (almost) nothing
    expect(decodeWithOmggif(files?.gif as string).frames).toHaveLength(count);
  });
});
