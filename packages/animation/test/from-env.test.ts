import { join } from 'node:path';
import { EnvConfigError } from '@evidence/env-config';
import { describe, expect, it } from 'vitest';
import { animationRecorderFromEnv } from '../src/index.js';
import { tempDir } from './helpers.js';

describe('animationRecorderFromEnv', () => {
  it('follows the documented defaults: <DIR>/animations/<mode>, prefix = mode, every 100, last 1, 30 fps, 400 frames', async () => {
    const root = tempDir();
    const recorder = animationRecorderFromEnv('train', { env: { EVIDENCE_DIR: root } });
    expect(recorder).not.toBeNull();
    expect(recorder?.dir).toBe(join(root, 'animations', 'train'));
    expect(recorder?.prefix).toBe('train');
    expect([recorder?.fps, recorder?.maxFrames]).toEqual([30, 400]);
    expect([0, 1, 100, 150, 199].map((e) => recorder?.schedule.shouldCapture(e, 200))).toEqual([
      true,
      false,
      true,
      false,
      true,
    ]);
    await recorder?.close();
  });

  it('reads the animation variables, with a trainer-chosen prefix', async () => {
    const dir = tempDir();
    const recorder = animationRecorderFromEnv('eval', {
      prefix: 'OAK_EXAMPLE_',
      env: {
        OAK_EXAMPLE_ANIMATION_DIR: dir,
        OAK_EXAMPLE_ANIMATION_EPISODES: '3,7',
        OAK_EXAMPLE_ANIMATION_EVERY: '0',
        OAK_EXAMPLE_ANIMATION_LAST: '0',
        OAK_EXAMPLE_ANIMATION_FPS: '12',
        OAK_EXAMPLE_ANIMATION_MAX_FRAMES: '0',
      },
    });
    expect(recorder?.dir).toBe(join(dir, 'eval'));
    expect([recorder?.fps, recorder?.maxFrames]).toEqual([12, 0]);
    expect([0, 3, 7, 9].map((e) => recorder?.schedule.shouldCapture(e, 10))).toEqual([
      false,
      true,
      true,
      false,
    ]);
    const files = await recorder?.record({
      episode: 3,
      frames: [{ width: 2, height: 2, data: new Uint8Array(4) }],
      reward: 1,
    });
    expect(files?.gif).toBe(join(dir, 'eval', 'eval_episode_0003_reward_1_avg_1.gif'));
    await recorder?.close();
  });

  it('is off when disabled, and on ranks other than 0 unless ALL_RANKS is on', async () => {
    const dir = tempDir();
    expect(
      animationRecorderFromEnv('train', { env: { EVIDENCE_DIR: dir, EVIDENCE_DISABLE_ANIMATIONS: 'yes' } }),
    ).toBeNull();
    expect(
      animationRecorderFromEnv('train', { env: { EVIDENCE_DIR: dir, RANK: '1', WORLD_SIZE: '2' } }),
    ).toBeNull();
    const everyRank = animationRecorderFromEnv('train', {
      env: { EVIDENCE_DIR: dir, RANK: '1', WORLD_SIZE: '2', EVIDENCE_ALL_RANKS: '1' },
    });
    expect(everyRank).not.toBeNull();
    await everyRank?.close();
    const rankZero = animationRecorderFromEnv('train', {
      env: { EVIDENCE_DIR: dir, RANK: '0', WORLD_SIZE: '2' },
    });
    expect(rankZero).not.toBeNull();
    await rankZero?.close();
  });

  it('throws an EnvConfigError naming a bad variable', () => {
    expect(() => animationRecorderFromEnv('train', { env: { EVIDENCE_ANIMATION_EVERY: 'often' } })).toThrow(
      EnvConfigError,
    );
    let thrown: unknown;
    try {
      animationRecorderFromEnv('train', { env: { EVIDENCE_ANIMATION_FPS: '-5' } });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(EnvConfigError);
    expect((thrown as EnvConfigError).problems[0]).toMatchObject({
      variable: 'EVIDENCE_ANIMATION_FPS',
      value: '-5',
    });
  });
});
