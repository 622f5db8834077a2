import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeOutput, shownMismatch, shownOutput } from '../../../scripts/readme-examples.js';
import { packageDir } from './helpers.js';

// Every ts example in the README runs as written (against the source), all in one child process
// (one start-up instead of seven), each in its own block, in a fresh temp folder.
const readme = readFileSync(join(packageDir, 'README.md'), 'utf8');
const examples = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1] as string);
const source = pathToFileURL(join(packageDir, 'src/index.ts')).href;
// the examples run in a temp folder, where `--import tsx` would not resolve
const tsxLoader = pathToFileURL(
  join(dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/loader.mjs'),
).href;

function asBlock(code: string, index: number): string {
  const body = code.replace(
    /^import \{([^}]*)\} from '@evidence\/animation';$/gm,
    (_, names: string) => `const {${names}} = await import(${JSON.stringify(source)});`,
  );
  return `console.log('--- example ${index} ---');\n{\n${body}\n}\n`;
}

describe('README examples', () => {
  let outputs: string[] = [];
  let cwd = '';
  beforeAll(() => {
    cwd = mkdtempSync(join(tmpdir(), 'evidence-animation-readme-')); // shared by the tests below
    const file = join(cwd, 'examples.mts');
    writeFileSync(file, `${examples.map(asBlock).join('\n')}\nexport {};\n`);
    const output = nodeOutput(['--import', tsxLoader, file], {
      cwd,
      env: { ...process.env, EVIDENCE_DIR: undefined },
    });
    outputs = output.split(/^--- example \d+ ---$/m).slice(1);
  });
  afterAll(() => rmSync(cwd, { recursive: true, force: true }));

  it('uses nothing Node 20 cannot run as written (tsx would hide `await using`)', () => {
    for (const code of examples) expect(code).not.toMatch(/\b(await )?using\s+\w+\s*=/);
  });

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

  it('runs every example, and one that shows what it prints (`// → ` lines) prints exactly that', () => {
    expect(outputs).toHaveLength(examples.length);
    expect(examples.filter((code) => shownOutput(code).length > 0).length).toBeGreaterThanOrEqual(5);
    for (const [i, code] of examples.entries()) {
      const shown = shownOutput(code);
      const printed = (outputs[i] as string).replace(/^\n/, '');
      if (shown.length > 0) expect(shownMismatch(shown, printed), `example ${i + 1}`).toBeNull();
    }
    const dir = join(cwd, 'evidence/animations/train');
    expect(existsSync(join(dir, 'train_episode_0000_reward_10_avg_10.gif'))).toBe(true);
    expect(existsSync(join(dir, 'train_episode_0002_reward_10_avg_10.json'))).toBe(true);
    expect(outputs[0]).toContain(
      join('evidence/animations/train', 'train_episode_0002_reward_10_avg_10.gif'),
    );
  });
});
