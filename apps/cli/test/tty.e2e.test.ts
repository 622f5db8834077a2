import { execFile, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { binPath, copyFixture, requireBuiltBin } from './helpers.js';

const exec = promisify(execFile);
const hasScript = spawnSync('script', ['--version'], { stdio: 'ignore' }).status === 0;
const runIt = hasScript || process.env.CI === 'true';
if (!runIt) console.warn('skipped: the terminal tests need `script` (util-linux) for a pseudo-terminal');

const quote = (arg: string) => `'${arg.replaceAll("'", `'\\''`)}'`;

/** Runs the command on a pseudo-terminal (util-linux `script`), as a user at a terminal would. */
async function onTerminal(args: string[], env: Record<string, string | undefined>): Promise<string> {
  requireBuiltBin();
  const command = [process.execPath, binPath, ...args].map(quote).join(' ');
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    CI: undefined,
    NO_COLOR: undefined,
    FORCE_COLOR: undefined,
    TERM: 'xterm',
    ...env,
  };
  for (const key of Object.keys(childEnv)) if (childEnv[key] === undefined) delete childEnv[key];
  const { stdout } = await exec('script', ['-qec', command, '/dev/null'], {
    env: childEnv,
    timeout: 240_000,
  });
  return stdout;
}

describe.skipIf(!runIt)('on a terminal', () => {
  it('report draws a progress bar; piped output has none (see report.e2e)', async () => {
    const dir = copyFixture();
    const output = await onTerminal(['report', dir, '--resamples', '2000'], {});
    expect(output).toMatch(/[\u2588\u2591]/); // cli-progress bar characters
    expect(output).toContain('index.html');
  });

  it('colours the table header, and not with NO_COLOR', async () => {
    const csv = join(copyFixture(), 'checkpoint_evals.csv');
    const coloured = await onTerminal(['table', csv], {});
    expect(coloured).toContain('\u001b[1m');
    const plain = await onTerminal(['table', csv], { NO_COLOR: '1' });
    expect(plain).not.toContain('\u001b[');
    expect(plain).toMatch(/step\s+fraction_done/);
  });
});
