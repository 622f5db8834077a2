import { execFile, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { binPath, copyFixture, requireBuiltBin, tempDir } from './helpers.js';

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

  it('runs --out and export draw a bar on stderr; runs --json none', async () => {
    const root = tempDir('tty-runs');
    for (const group of ['a', 'b'])
      for (const seed of [1, 2, 3]) {
        mkdirSync(join(root, 'runs', group), { recursive: true });
        const rows = Array.from({ length: 20 }, (_, k) => `${k},${k * seed + (group === 'a' ? 0 : 5)}`);
        writeFileSync(join(root, 'runs', group, `s${seed}.csv`), `step,reward\n${rows.join('\n')}\n`);
      }
    const bar = /[\u2588\u2591]/;
    const page = await onTerminal(
      ['runs', join(root, 'runs'), '--out', join(root, 'page'), '--resamples', '200'],
      {},
    );
    expect(page).toMatch(bar);
    expect(page).toContain('index.html');
    const exported = await onTerminal(['export', join(root, 'runs'), '-o', join(root, 'all.csv')], {});
    expect(exported).toMatch(bar);
    expect(exported).toContain('wrote');
    const json = await onTerminal(['runs', join(root, 'runs'), '--json', '--resamples', '200'], {});
    expect(json).not.toMatch(bar);
    expect(json).toContain('"tasks"');
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
