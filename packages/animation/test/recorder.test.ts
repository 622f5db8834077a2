import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { EpisodeRecorder, FrameError } from '../src/index.js';
import {
  decodeBoth,
  decodeWithOmggif,
  decodeWithPillow,
  pillowSkipReason,
  psnr,
  readJson,
  sceneFrame,
  tempDir,
} from './helpers.js';

const referenceJson = join(
  __dirname,
  '../../../fixtures/python-reference/evidence/animations/train/train_episode_0000_reward_5_avg_5.json',
);

/** The frame in several layouts, all holding the same RGB pixels. */
function layouts(rgb: Uint8Array, width: number, height: number) {
  const rgba = new Uint8Array(width * height * 4);
  for (let i = 0, o = 0; i < rgb.length; i += 3, o += 4) {
    rgba.set(rgb.subarray(i, i + 3), o);
    rgba[o + 3] = 255;
  }
  const nested = Array.from({ length: height }, (_, y) =>
    Array.from({ length: width }, (_, x) =>
      Array.from(rgb.subarray((y * width + x) * 3, (y * width + x) * 3 + 3)),
    ),
  );
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  const image = context.createImageData(width, height);
  image.data.set(rgba);
  context.putImageData(image, 0, 0);
  return {
    uint8Rgb: { width, height, data: rgb },
    clampedRgba: { width, height, data: new Uint8ClampedArray(rgba) },
    float32: { width, height, data: Float32Array.from(rgb, (v, i) => v + (i % 2 ? 0.3 : -0.3)) },
    float64: { width, height, data: Float64Array.from(rgb) },
    nested,
    imageData: image,
    canvas,
  };
}

describe('EpisodeRecorder', () => {
  it('writes a GIF that Pillow and omggif decode to the source frames, and the JSON beside it', async () => {
    const dir = tempDir();
    const [width, height, count] = [48, 32, 37];
    const recorder = new EpisodeRecorder({ dir, prefix: 'train', fps: 30, schedule: { every: 1 } });
    const capture = recorder.begin(0, 10);
    expect(capture).not.toBeNull();
    const source: Uint8Array[] = [];
    for (let i = 0; i < count; i++) {
      const rgb = sceneFrame(width, height, i);
      source.push(rgb);
      const waiting = capture?.addFrame(
        { width, height, data: rgb },
        { action: i % 3, optionId: i < 5 ? 'warmup' : null },
      );
      if (waiting) await waiting;
    }
    const files = await capture?.end({ reward: 12.5, avgReward: 9.51, solved: true, metadata: { seed: 7 } });
    await recorder.close();
    expect(files).toEqual({
      gif: join(dir, 'train_episode_0000_reward_12_avg_10.gif'),
      json: join(dir, 'train_episode_0000_reward_12_avg_10.json'),
    });
    expect(readdirSync(dir).sort()).toEqual([
      'train_episode_0000_reward_12_avg_10.gif',
      'train_episode_0000_reward_12_avg_10.json',
    ]);

    const json = readJson(files?.json as string);
    expect(json).toMatchObject({
      episode: 0,
      episode_reward: 12.5,
      avg_reward: 9.51,
      step_count: count,
      solved: true,
      frame_count: count,
      frames_dropped: 0,
      metadata: { seed: 7 },
      fps: 30,
    });
    expect(json.actions).toEqual(Array.from({ length: count }, (_, i) => i % 3));
    expect((json.active_option_ids as unknown[]).slice(3, 7)).toEqual(['warmup', 'warmup', null, null]);
    expect(json).not.toHaveProperty('warning');
    // every field of the Python reference's JSON is there
    for (const key of Object.keys(readJson(referenceJson))) expect(json).toHaveProperty(key);

    const decoded = decodeWithOmggif(files?.gif as string);
    expect([decoded.width, decoded.height, decoded.frames.length, decoded.loop]).toEqual([
      width,
      height,
      count,
      0,
    ]);
    expect(decoded.delaysCs.slice(0, 6)).toEqual([3, 3, 4, 3, 3, 4]);
    const worst = Math.min(...decoded.frames.map((frame, i) => psnr(frame, source[i] as Uint8Array)));
    expect(worst).toBeGreaterThanOrEqual(30);
  });

  it.skipIf(pillowSkipReason !== null)(
    'decodes in Pillow with the right size, count, delays and pixels',
    async () => {
      const dir = tempDir();
      const [width, height, count] = [64, 40, 50];
      const recorder = new EpisodeRecorder({ dir, prefix: 'eval', fps: 30, schedule: { episodes: [3] } });
      const source = Array.from({ length: count }, (_, i) => sceneFrame(width, height, i));
      const files = await recorder.record({
        episode: 3,
        frames: source.map((data) => ({ width, height, data })),
        reward: 1,
      });
      await recorder.close();
      const pillow = decodeWithPillow(files?.gif as string, source);
      expect(pillow).toMatchObject({
        format: 'GIF',
        width,
        height,
        frames: count,
        loop: 0,
        source_frames: count,
      });
      expect(pillow.durations).toEqual(Array.from({ length: count }, (_, i) => (i % 3 === 2 ? 40 : 30)));
      for (const value of pillow.psnr ?? []) if (value !== null) expect(value).toBeGreaterThanOrEqual(30);
    },
  );

  it('takes every frame layout and gives the same picture', async () => {
    const dir = tempDir();
    const [width, height] = [20, 12];
    const recorder = new EpisodeRecorder({
      dir,
      prefix: 'layouts',
      schedule: { every: 1 },
      paletteFrames: 2,
    });
    const expected = sceneFrame(width, height, 4);
    const all = layouts(expected, width, height);
    const names = Object.keys(all) as (keyof typeof all)[];
    for (const [episode, name] of names.entries()) {
      const capture = recorder.begin(episode);
      capture?.addFrame(all[name]);
      capture?.addFrame(all[name]);
      const files = await capture?.end({ reward: episode });
      const decoded = decodeWithOmggif(files?.gif as string);
      expect(decoded.frames.length, name).toBe(2);
      expect(psnr(decoded.frames[1] as Uint8Array, expected), name).toBeGreaterThanOrEqual(30);
      if (!pillowSkipReason) {
        const pillow = decodeWithPillow(files?.gif as string, [expected, expected]);
        expect(
          pillow.psnr?.every((v) => v === null || v >= 30),
          name,
        ).toBe(true);
      }
    }
    // grey frames, one channel
    const grey = new Uint8Array(width * height).map((_, i) => (i * 7) % 256);
    const capture = recorder.begin(99);
    capture?.addFrame({ width, height, data: grey });
    const files = await capture?.end({ reward: 0 });
    const decoded = decodeWithOmggif(files?.gif as string).frames[0] as Uint8Array;
    const greyRgb = new Uint8Array(width * height * 3).map((_, i) => grey[Math.floor(i / 3)] as number);
    expect(psnr(decoded, greyRgb)).toBeGreaterThanOrEqual(30);
    await recorder.close();
  });

  it('gives colours that first appear after the palette frames their own palette entries', async () => {
    const dir = tempDir();
    const [width, height] = [24, 16];
    const recorder = new EpisodeRecorder({ dir, schedule: { every: 1 }, paletteFrames: 2 });
    const frames = Array.from({ length: 12 }, (_, i) => {
      const rgb = new Uint8Array(width * height * 3).fill(70); // grey until frame 6, then new colours
      if (i >= 6) for (let p = 0; p < 60 * 3; p += 3) rgb.set([230, 20 * i, 10], p);
      return rgb;
    });
    const files = await recorder.record({
      episode: 0,
      frames: frames.map((data) => ({ width, height, data })),
      reward: 0,
    });
    await recorder.close();
    const decoded = decodeWithOmggif(files?.gif as string);
    expect(decoded.frames).toHaveLength(12);
    for (const [i, frame] of decoded.frames.entries()) {
      expect(psnr(frame, frames[i] as Uint8Array), `frame ${i}`).toBeGreaterThanOrEqual(30);
    }
    if (!pillowSkipReason) {
      const pillow = decodeWithPillow(files?.gif as string, frames);
      expect(
        Math.min(...(pillow.psnr ?? []).map((v) => v ?? Number.POSITIVE_INFINITY)),
      ).toBeGreaterThanOrEqual(30);
    }
  });

  it('skips bad frames with a clear error, records it in the JSON, and goes on', async () => {
    const dir = tempDir();
    const errors: Error[] = [];
    const recorder = new EpisodeRecorder({
      dir,
      prefix: 'train',
      schedule: { every: 1 },
      onError: (e) => errors.push(e),
    });
    const capture = recorder.begin(5);
    const good = (i: number) => ({ width: 8, height: 6, data: sceneFrame(8, 6, i) });
    capture?.addFrame(good(0));
    capture?.addFrame({ width: 4, height: 6, data: sceneFrame(4, 6, 1) }); // frame 1: other size
    capture?.addFrame({ width: 8, height: 6, data: new Uint8Array(10) }); // frame 2: wrong length
    const nan = Float64Array.from(sceneFrame(8, 6, 3));
    nan[40] = Number.NaN;
    capture?.addFrame({ width: 8, height: 6, data: nan }); // frame 3: NaN
    capture?.addFrame(good(4));
    const files = await capture?.end({ reward: 1 });
    await recorder.close();

    expect(errors[0]).toBeInstanceOf(FrameError);
    expect(errors[0]?.message).toBe(
      "episode 5, frame 1: expected 8×6 pixels (the size of the episode's first frame), got 4×6; the frame was skipped",
    );
    expect(errors).toHaveLength(2); // the first bad frame, then one summary
    expect(errors[1]?.message).toContain('episode 5: 3 frames were rejected in all');
    const json = readJson(files?.json as string);
    expect(json.errors).toEqual([
      "episode 5, frame 1: expected 8×6 pixels (the size of the episode's first frame), got 4×6; the frame was skipped",
      'episode 5, frame 2: expected 48, 144 or 192 values (8×6 with 1, 3 or 4 channels), got 10 values; the frame was skipped',
      'episode 5, frame 3: expected numbers, got NaN at row 1, column 5, channel 1; the frame was skipped',
    ]);
    expect(json).toMatchObject({ step_count: 5, frame_count: 2 });
    expect(decodeBoth(files?.gif as string, [sceneFrame(8, 6, 0), sceneFrame(8, 6, 4)]).frames).toHaveLength(
      2,
    );
  });

  it('drops and counts frames beyond maxFrames', async () => {
    const dir = tempDir();
    const recorder = new EpisodeRecorder({ dir, maxFrames: 7, schedule: { every: 1 } });
    const source = Array.from({ length: 12 }, (_, i) => sceneFrame(6, 4, i));
    const files = await recorder.record({
      episode: 0,
      frames: source.map((data) => ({ width: 6, height: 4, data })),
      actions: Array.from({ length: 12 }, (_, i) => i),
      reward: 3,
    });
    await recorder.close();
    expect(files?.gif).toBe(join(dir, 'episode_0000_reward_3_avg_3.gif'));
    expect(readJson(files?.json as string)).toMatchObject({
      frame_count: 7,
      frames_dropped: 5,
      step_count: 12,
    });
    expect(decodeBoth(files?.gif as string, source.slice(0, 7)).frames).toHaveLength(7);
  });

  it('writes only the JSON, with a warning, for an episode without frames', async () => {
    const dir = tempDir();
    const recorder = new EpisodeRecorder({ dir, prefix: 'train', schedule: { episodes: [3] } });
    const files = await recorder.record({
      episode: 3,
      frames: [],
      actions: [0, 1, 0, 1, 0],
      reward: -1.9,
      avgReward: 5.27,
      metadata: { seed: 7 },
    });
    await recorder.close();
    expect(files).toEqual({ gif: null, json: join(dir, 'train_episode_0003_reward_-2_avg_5.json') });
    expect(readdirSync(dir)).toEqual(['train_episode_0003_reward_-2_avg_5.json']);
    const json = readJson(files?.json as string);
    expect(json).toMatchObject({
      step_count: 5,
      frame_count: 0,
      actions: [0, 1, 0, 1, 0],
      active_option_ids: [null, null, null, null, null],
    });
    expect(json.warning).toMatch(/^No frames were captured for this episode/);
    const reference = readJson(referenceJson.replace('0000_reward_5_avg_5', '0003_reward_-2_avg_5'));
    expect(Object.keys(reference).filter((key) => !(key in json))).toEqual([]);
  });

  it('returns null for episodes the schedule skips, and renders nothing for them', async () => {
    const dir = tempDir();
    const recorder = new EpisodeRecorder({ dir, schedule: { every: 10, last: 2 } });
    const captured = Array.from({ length: 30 }, (_, e) => e).filter(
      (e) => recorder.begin(e, 30)?.discard() === undefined && recorder.schedule.shouldCapture(e, 30),
    );
    expect(captured).toEqual([0, 10, 20, 28, 29]);
    expect(recorder.begin(5, 30)).toBeNull();
    expect(await recorder.record({ episode: 5, totalEpisodes: 30, frames: [], reward: 0 })).toBeNull();
    await recorder.close();
    expect(existsSync(join(dir, 'episode_0005_reward_0_avg_0.json'))).toBe(false);
  });

  it('fails loudly but gently when the GIF cannot be written: JSON with the reason, no temp file left', async () => {
    const dir = tempDir();
    const errors: Error[] = [];
    const recorder = new EpisodeRecorder({ dir, schedule: { every: 1 }, onError: (e) => errors.push(e) });
    // a folder already holds the GIF's final name, so the rename fails
    const { mkdirSync } = await import('node:fs');
    mkdirSync(join(dir, 'episode_0000_reward_1_avg_1.gif'));
    const files = await recorder.record({
      episode: 0,
      frames: [{ width: 4, height: 4, data: new Uint8Array(48) }],
      reward: 1,
    });
    await recorder.close();
    expect(files?.gif).toBeNull();
    expect(errors.map((e) => e.message)).toEqual([
      expect.stringMatching(/^episode 0: the GIF could not be written: .*(EISDIR|ENOTEMPTY|EEXIST)/),
    ]);
    const json = readJson(files?.json as string);
    expect(json.warning).toMatch(/^No GIF: episode 0: the GIF could not be written/);
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    expect(readFileSync(files?.json as string, 'utf8')).toContain('"frame_count": 0');
  });

  it('discard() abandons an episode: its temp file goes, nothing is written, close() waits for the rest', async () => {
    const dir = tempDir();
    const errors: Error[] = [];
    const recorder = new EpisodeRecorder({ dir, schedule: { every: 1 }, onError: (e) => errors.push(e) });
    const abandoned = recorder.begin(0);
    const kept = recorder.begin(1);
    for (let i = 0; i < 10; i++) {
      await abandoned?.addFrame({ width: 16, height: 8, data: sceneFrame(16, 8, i) });
      await kept?.addFrame({ width: 16, height: 8, data: sceneFrame(16, 8, i) });
    }
    abandoned?.discard();
    expect(() => abandoned?.addFrame(null)).toThrow('episode 0: addFrame() after discard() or close()');
    const ending = kept?.end({ reward: 2 });
    const never = recorder.begin(2); // begun, never ended: close() discards it and says so
    never?.addFrame({ width: 16, height: 8, data: sceneFrame(16, 8, 0) });
    await recorder.close();
    expect(await ending).toMatchObject({ gif: join(dir, 'episode_0001_reward_2_avg_2.gif') });
    expect(readdirSync(dir).sort()).toEqual([
      'episode_0001_reward_2_avg_2.gif',
      'episode_0001_reward_2_avg_2.json',
    ]);
    expect(errors.map((e) => e.message)).toEqual([
      'episode 2 was begun but never ended; its GIF was discarded',
    ]);
  });

  it('warns once above 50 fps and refuses rates GIF cannot hold', async () => {
    const warnings: string[] = [];
    const listener = (warning: Error) => warnings.push(warning.message);
    process.on('warning', listener);
    try {
      new EpisodeRecorder({ dir: tempDir(), fps: 60 });
      new EpisodeRecorder({ dir: tempDir(), fps: 75 });
      await new Promise((resolve) => setImmediate(resolve)); // warnings are emitted on the next tick
    } finally {
      process.off('warning', listener);
    }
    expect(warnings.filter((w) => w.includes('fps'))).toEqual([
      'GIF at 60 fps: browsers play frame delays under 2 cs (above 50 fps) much slower than asked',
    ]);
    expect(() => new EpisodeRecorder({ dir: tempDir(), fps: 0 })).toThrow(
      'fps must be a number above 0 and at most 100, got 0',
    );
  });
});
