import { mkdirSync, readdirSync, readFileSync, readlinkSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { animationRecorderFromEnv, EpisodeRecorder } from '../src/index.js';
import { decodeWithOmggif, readJson, sceneFrame, tempDir } from './helpers.js';

// The next temp name node-kit draws can be made predictable (as the pid-and-counter names used to be),
// so a test can plant a file or a symlink exactly there before the recorder creates its temp file.
const planted = vi.hoisted(() => ({ bytes: null as Buffer | null }));
vi.mock('node:crypto', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:crypto')>();
  const randomBytes = (size: number) => {
    const fixed = planted.bytes;
    planted.bytes = null;
    return fixed ? fixed.subarray(0, size) : real.randomBytes(size);
  };
  return { ...real, default: { ...real, randomBytes }, randomBytes };
});

/** Every file under `root`, as paths relative to it. */
function filesUnder(root: string, prefix = ''): string[] {
  return readdirSync(join(root, prefix), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(root, join(prefix, entry.name)) : [join(prefix, entry.name)],
  );
}

const frames = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ width: 8, height: 6, data: sceneFrame(8, 6, i) }));

describe('file names built from user input stay inside dir', () => {
  it.each(['../../../x', '..', '.', 'a/b', 'a\\b', 'x\u0000y', 'tab\there'])(
    'prefix %j is refused, naming the value, and nothing is written anywhere',
    (prefix) => {
      const root = tempDir();
      const dir = join(root, 'a', 'b', 'c');
      expect(() => new EpisodeRecorder({ dir, prefix, schedule: { every: 1 } })).toThrow(
        `EpisodeRecorder prefix ${JSON.stringify(prefix)} must be a plain file name part`,
      );
      expect(filesUnder(root)).toEqual([]);
    },
  );

  it('a prefix that climbs out of dir never reaches the file system (it used to write ../../../x_episode_…)', async () => {
    const root = tempDir();
    const dir = join(root, 'a', 'b', 'c');
    let recorder: EpisodeRecorder | null = null;
    try {
      recorder = new EpisodeRecorder({ dir, prefix: '../../../x', schedule: { every: 1 } });
      await recorder.record({ episode: 0, frames: frames(3), reward: 1 });
    } catch {
      // refused: what matters is below
    } finally {
      await recorder?.close();
    }
    expect(filesUnder(root).filter((path) => !path.startsWith(join('a', 'b', 'c')))).toEqual([]);
  });

  it('an episode given as text that climbs out (from a Python bridge, say) is refused, naming it', async () => {
    const root = tempDir();
    const recorder = new EpisodeRecorder({ dir: join(root, 'a'), schedule: { episodes: [0] } });
    const episode = '../../x' as unknown as number;
    expect(() => recorder.begin(episode)).toThrow(
      'EpisodeRecorder episode "../../x" must be a plain file name part',
    );
    await expect(recorder.record({ episode, frames: frames(2), reward: 0 })).rejects.toThrow('"../../x"');
    await recorder.close();
    expect(filesUnder(root)).toEqual([]);
  });

  it.each(['..', '../escaped', 'train/../../x', 'a\\b', ''])(
    'the mode %j of animationRecorderFromEnv is refused before any folder is made',
    (mode) => {
      const root = tempDir();
      const evidence = join(root, 'deep', 'evidence');
      expect(() => animationRecorderFromEnv(mode, { env: { EVIDENCE_DIR: evidence } })).toThrow(
        `animation mode ${JSON.stringify(mode)} must be a plain file name part`,
      );
      expect(filesUnder(root)).toEqual([]);
    },
  );

  it('EVIDENCE_ANIMATION_DIR chooses the folder itself: every file lands inside it, in <dir>/<mode>', async () => {
    const root = tempDir();
    mkdirSync(join(root, 'run'));
    const recorder = animationRecorderFromEnv('eval', {
      env: { EVIDENCE_ANIMATION_DIR: join(root, 'run', '..', 'gifs'), EVIDENCE_ANIMATION_EVERY: '1' },
    });
    const files = await recorder?.record({ episode: 0, frames: frames(3), reward: 1 });
    await recorder?.close();
    expect(files?.gif).toBe(join(root, 'gifs', 'eval', 'eval_episode_0000_reward_1_avg_1.gif'));
    expect(filesUnder(root).sort()).toEqual([
      join('gifs', 'eval', 'eval_episode_0000_reward_1_avg_1.gif'),
      join('gifs', 'eval', 'eval_episode_0000_reward_1_avg_1.json'),
    ]);
  });
});

describe('an episode whose every frame fails to decode', () => {
  it.each([
    ['NaN', () => new Float32Array(8 * 6 * 3).fill(Number.NaN)],
    ['text', () => Array.from({ length: 8 * 6 * 3 }, () => 'pixel' as unknown as number)],
  ])('(%s data of the right size) leaves no GIF, and a JSON that says why', async (_, data) => {
    const dir = tempDir();
    const errors: Error[] = [];
    const recorder = new EpisodeRecorder({ dir, schedule: { every: 1 }, onError: (e) => errors.push(e) });
    const files = await recorder.record({
      episode: 4,
      frames: Array.from({ length: 5 }, () => ({ width: 8, height: 6, data: data() })),
      reward: 2,
    });
    await recorder.close();
    expect(files).toEqual({ gif: null, json: join(dir, 'episode_0004_reward_2_avg_2.json') });
    expect(readdirSync(dir)).toEqual(['episode_0004_reward_2_avg_2.json']); // no .gif, no temp file
    const json = readJson(files?.json as string);
    expect(json.warning).toBe(
      'No frames were captured for this episode: all 5 frames were rejected (see errors).',
    );
    expect(json.frame_count).toBe(0);
    expect(json.errors).toHaveLength(5);
    expect((json.errors as string[])[0]).toMatch(
      /^episode 4, frame 0: expected numbers, got .* at row 0, column 0/,
    );
    expect(errors[0]?.message).toMatch(/^episode 4, frame 0: expected numbers/);
  });

  it('one good frame among them still makes a GIF of that frame', async () => {
    const dir = tempDir();
    const recorder = new EpisodeRecorder({ dir, schedule: { every: 1 }, onError: () => {} });
    const bad = { width: 8, height: 6, data: new Float64Array(8 * 6 * 3).fill(Number.NaN) };
    const files = await recorder.record({ episode: 0, frames: [bad, ...frames(1), bad], reward: 0 });
    await recorder.close();
    expect(decodeWithOmggif(files?.gif as string).frames).toHaveLength(1);
    expect(readJson(files?.json as string)).toMatchObject({ frame_count: 1 });
    expect(readJson(files?.json as string).warning).toBeUndefined();
  });
});

describe('temp files are created exclusively under unpredictable names', () => {
  it.each(['file', 'symlink'])(
    'a %s planted at the temp name the recorder draws has no effect: the victim is untouched, the GIF is whole',
    async (kind) => {
      const dir = tempDir();
      const victim = join(tempDir(), 'victim.txt');
      writeFileSync(victim, 'precious');
      const fixed = Buffer.alloc(16, 0xab);
      // where these bytes lead: node-kit's name, and the pid-based name this package drew before
      const predicted = [
        `.episode_0000.gif.${fixed.subarray(0, 6).toString('hex')}.tmp`,
        `.episode_0000.gif.${process.pid}.${fixed.subarray(0, 4).toString('hex')}.tmp`,
      ];
      for (const name of predicted) {
        if (kind === 'symlink') symlinkSync(victim, join(dir, name));
        else writeFileSync(join(dir, name), 'planted');
      }
      const recorder = new EpisodeRecorder({ dir, schedule: { every: 1 } });
      const capture = recorder.begin(0);
      planted.bytes = fixed; // the name the first frame's temp file would take
      for (const frame of frames(4)) await capture?.addFrame(frame);
      const files = await capture?.end({ reward: 1 });
      await recorder.close();
      expect(planted.bytes).toBeNull(); // the predictable name was drawn, and refused
      expect(readFileSync(victim, 'utf8')).toBe('precious');
      for (const name of predicted) {
        if (kind === 'file') expect(readFileSync(join(dir, name), 'utf8')).toBe('planted');
        else expect(readlinkSync(join(dir, name))).toBe(victim);
      }
      expect(decodeWithOmggif(files?.gif as string).frames).toHaveLength(4);
      expect(
        readdirSync(dir)
          .filter((name) => name.endsWith('.tmp'))
          .sort(),
      ).toEqual([...predicted].sort());
    },
  );
});
