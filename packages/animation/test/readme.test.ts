import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { packageDir, tempDir } from './helpers';

// Every ts example in the README runs as written (against the source), in a fresh temp folder.
const readme = readFileSync(join(packageDir, 'README.md'), 'utf8');
const examples = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1] as string);
const source = join(packageDir, 'src/index.ts');
// the examples run in a temp folder, where `--import tsx` would not resolve
const tsxLoader = pathToFileURL(
  join(dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/loader.mjs'),
).href;

function run(code: string): { output: string; cwd: string } {
  const cwd = tempDir();
  const file = join(cwd, 'example.mts');
  writeFileSync(file, code.replaceAll("from '@evidence/animation'", `from ${JSON.stringify(source)}`));
  const output = execFileSync(process.execPath, ['--import', tsxLoader, file], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, EVIDENCE_DIR: undefined },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return { output, cwd };
}

describe('README examples', () => {
  it('has an example for every public function', () => {
    expect(examples.length).toBeGreaterThanOrEqual(7);
    for (const name of [
      'EpisodeRecorder',
      'record(',
      'animationRecorderFromEnv',
      'CaptureSchedule',
      'isCappedCubic',
      'frameDelayCentiseconds',
      'episodeFileStem',
      'FrameError',
    ]) {
      expect(
        examples.some((code) => code.includes(name)),
        name,
      ).toBe(true);
    }
  });

  it.each(examples.map((code, i) => [i, code] as const))(
    'example %i runs and prints what it says',
    (_, code) => {
      const { output, cwd } = run(code);
      for (const [, expected] of code.matchAll(
        /\/\/ (\[[^\n]*\]|true false true|train_episode_0003_reward_-2_avg_5)$/gm,
      )) {
        const printed = expected as string;
        expect(output.replaceAll("'", '').replace(/\s+/g, '')).toContain(printed.replace(/\s+/g, ''));
      }
      if (code.includes("prefix: 'train',\n")) {
        const dir = join(cwd, 'evidence/animations/train');
        expect(existsSync(join(dir, 'train_episode_0000_reward_10_avg_10.gif'))).toBe(true);
        expect(existsSync(join(dir, 'train_episode_0002_reward_10_avg_10.json'))).toBe(true);
      }
    },
  );
});
