import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { nodeOutput, runChild } from '../../../scripts/readme-examples.js';

const entry = fileURLToPath(new URL('../src/index.ts', import.meta.url));
const script = `
import { readEvidenceEnv, EnvConfigError } from ${JSON.stringify(entry)};
try {
  const env = readEvidenceEnv({ prefix: process.argv[1] });
  process.stdout.write(JSON.stringify({ fps: env.animations.fps, dir: env.curves.dir, main: env.isMainProcess }));
} catch (error) {
  process.stdout.write(JSON.stringify({ error: error instanceof EnvConfigError, message: error.message }));
}`;

/** Runs readEvidenceEnv in a fresh Node process whose whole environment is `env`. */
function readInChild(env: Record<string, string>, prefix = 'EVIDENCE_'): Record<string, unknown> {
  const out = nodeOutput(['--import', 'tsx', '--input-type=module', '-e', script, prefix], {
    env: { PATH: process.env.PATH ?? '', ...env },
  });
  return JSON.parse(out);
}

describe('readEvidenceEnv in a real process', () => {
  it('reads process.env by default, prefix and launcher variables included', () => {
    expect(
      readInChild(
        { OAK_EXAMPLE_ANIMATION_FPS: '12', OAK_EXAMPLE_PLOT_DIR: 'plots', RANK: '1', WORLD_SIZE: '2' },
        'OAK_EXAMPLE_',
      ),
    ).toEqual({
      fps: 12,
      dir: 'plots',
      main: false,
    });
  });

  it('reports a bad variable of the real environment', () => {
    const result = readInChild({ EVIDENCE_ANIMATION_FPS: '30fps' });
    expect(result.error).toBe(true);
    expect(result.message).toContain('EVIDENCE_ANIMATION_FPS="30fps": expected an integer from 1 to 100');
  });

  it('warns once per process about an unknown prefixed variable, naming the likely intended one', () => {
    const twice = `
import { readEvidenceEnv } from ${JSON.stringify(entry)};
readEvidenceEnv();
readEvidenceEnv();
readEvidenceEnv({ env: { EVIDENCE_OTHER_TYPO: '1' } }); // an explicit env object is the caller's: no warning
`;
    const child = runChild(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', twice], {
      env: { PATH: process.env.PATH ?? '', EVIDENCE_ANIMATON_EVERY: '5', EVIDENCE_ANIMATION_FPS: '12' },
    });
    expect(child.status).toBe(0);
    const warnings = child.stderr.split('\n').filter((line) => line.includes('EnvConfigWarning'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(
      'EVIDENCE_ANIMATON_EVERY is unknown and ignored; did you mean EVIDENCE_ANIMATION_EVERY?',
    );
    expect(child.stderr).not.toContain('OTHER_TYPO');
  });
});
