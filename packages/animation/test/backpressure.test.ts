import { describe, expect, it } from 'vitest';
import { EpisodeRecorder } from '../src/index.js';
import { decodeBoth, decodeWithOmggif, psnr, sceneFrame, tempDir } from './helpers.js';

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

  it('a loop that never yields takes the buffers the worker handed back before allocating one itself', async () => {
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
    // Buffers come back (or are made ahead by the worker) on a port whose events this loop never lets
    // run; before that port was read synchronously, every step here allocated a new buffer itself.
    expect(capture?.buffersAllocatedHere).toBeLessThanOrEqual(count / 2);
    expect(capture?.buffersAllocated).toBeLessThanOrEqual(poolSize);
    const files = await capture?.end({ reward: 0 });
    await recorder.close();
    expect(decodeWithOmggif(files?.gif as string).frames).toHaveLength(count);
  });

  it('the worker allocates the buffers beyond the palette frames, so the training thread does not', async () => {
    const [width, height, poolSize, paletteFrames] = [200, 150, 12, 3];
    const recorder = new EpisodeRecorder({ dir: tempDir(), poolSize, paletteFrames, schedule: { every: 1 } });
    const capture = recorder.begin(0);
    const frames = Array.from({ length: poolSize }, (_, i) => sceneFrame(width, height, i * 4));
    expect(capture?.addFrame({ width, height, data: frames[0] as Uint8Array })).toBeUndefined();
    const deadline = Date.now() + 120_000;
    while ((capture?.buffersReady ?? 0) < poolSize - paletteFrames && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(capture?.buffersReady).toBe(poolSize - paletteFrames);
    expect(capture?.buffersAllocated).toBe(1 + poolSize - paletteFrames); // the palette frames' are made here
    for (const data of frames.slice(1)) expect(capture?.addFrame({ width, height, data })).toBeUndefined();
    expect(capture?.buffersAllocatedHere).toBeLessThanOrEqual(paletteFrames);
    const files = await capture?.end({ reward: 0 });
    await recorder.close();
    expect(decodeBoth(files?.gif as string, frames).frames).toHaveLength(poolSize);
  });

  it('a frame with more channels than the first gets a buffer large enough for it', async () => {
    const [width, height] = [160, 120];
    const recorder = new EpisodeRecorder({
      dir: tempDir(),
      poolSize: 4,
      paletteFrames: 2,
      schedule: { every: 1 },
    });
    const capture = recorder.begin(0);
    const frames = Array.from({ length: 10 }, (_, i) => sceneFrame(width, height, i * 5));
    for (const [i, rgb] of frames.entries()) {
      // RGB first (buffers of width × height × 3), then RGBA: a bigger buffer replaces a smaller one
      const data = i === 0 ? rgb : toRgba(rgb);
      const waiting = capture?.addFrame({ width, height, data });
      if (waiting) await waiting;
    }
    const files = await capture?.end({ reward: 0 });
    await recorder.close();
    expect(files?.gif).not.toBeNull();
    expect(decodeBoth(files?.gif as string, frames).frames).toHaveLength(frames.length);
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

function toRgba(rgb: Uint8Array): Uint8Array {
  const rgba = new Uint8Array((rgb.length / 3) * 4);
  for (let i = 0, o = 0; i < rgb.length; i += 3, o += 4) {
    rgba.set(rgb.subarray(i, i + 3), o);
    rgba[o + 3] = 255;
  }
  return rgba;
}
