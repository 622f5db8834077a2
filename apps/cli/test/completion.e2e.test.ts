import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createProgram } from '../src/run.js';
import { runCli, tempDir } from './helpers.js';

const has = (shell: string) => spawnSync('sh', ['-c', `command -v ${shell}`]).status === 0;
for (const shell of ['bash', 'zsh', 'fish'])
  if (!has(shell))
    console.warn(`skipped: the ${shell} completion checks need ${shell}, which is not installed`);

async function script(shell: string): Promise<string> {
  const result = await runCli(['completion', shell]);
  expect(result.code, result.stderr).toBe(0);
  const path = join(tempDir(`completion-${shell}`), `evidence.${shell}`);
  writeFileSync(path, result.stdout);
  return path;
}

/** What bash completes for `words` (the last one being typed), after sourcing the script. */
function bashComplete(path: string, words: string[]): string[] {
  const array = words.map((w) => `'${w}'`).join(' ');
  const code = `source '${path}'; COMP_WORDS=(${array}); COMP_CWORD=${words.length - 1}; _evidence; printf '%s\\n' "\${COMPREPLY[@]}"`;
  const out = spawnSync('bash', ['-c', code], { encoding: 'utf8', cwd: tempDir('bash-cwd') });
  expect(out.stderr).toBe('');
  return out.stdout.split('\n').filter(Boolean);
}

describe('evidence completion', () => {
  it.skipIf(!has('bash'))(
    'bash: sourcing registers it; commands, options, choices and subcommands complete',
    async () => {
      const path = await script('bash');
      const registered = spawnSync('bash', ['-c', `source '${path}'; complete -p evidence`], {
        encoding: 'utf8',
      });
      expect(registered.stdout.trim()).toBe('complete -o bashdefault -o filenames -F _evidence evidence');
      expect(bashComplete(path, ['evidence', 'r'])).toEqual(['report', 'runs']);
      expect(bashComplete(path, ['evidence', 'runs', '--re'])).toEqual([
        '--reference',
        '--resamples',
        '--require-improvement',
      ]);
      expect(bashComplete(path, ['evidence', 'completion', ''])).toEqual(['bash', 'zsh', 'fish']);
      expect(bashComplete(path, ['evidence', 'import', ''])).toEqual(['tensorboard']);
    },
  );

  it.skipIf(!has('bash'))(
    'the script is the program: every command and every option of each is in it',
    async () => {
      const path = await script('bash');
      const io = { stdout: process.stdout, stderr: process.stderr, env: {}, cwd: process.cwd() };
      const program = createProgram(io as unknown as Parameters<typeof createProgram>[0]);
      const commands = program.commands.map((c) => c.name());
      expect(commands).toContain('completion');
      expect(bashComplete(path, ['evidence', '']).filter((w) => !w.startsWith('-'))).toEqual(commands);
      for (const command of program.commands) {
        const flags = command.options.map((o) => o.long as string);
        const offered = bashComplete(path, ['evidence', command.name(), '--']);
        for (const flag of flags) expect(offered, `${command.name()} ${flag}`).toContain(flag);
      }
    },
  );

  it.skipIf(!has('zsh'))(
    'zsh: the script parses, and sourcing it after compinit registers _evidence',
    async () => {
      const path = await script('zsh');
      expect(spawnSync('zsh', ['-n', path], { encoding: 'utf8' }).stderr).toBe('');
      const code = `autoload -U compinit; compinit -u -D; source '${path}'; print -r -- \${_comps[evidence]}`;
      const out = spawnSync('zsh', ['-f', '-c', code], {
        encoding: 'utf8',
        env: { ...process.env, HOME: tempDir('zsh-home') },
      });
      expect(out.stdout.trim()).toBe('_evidence');
    },
  );

  it.skipIf(!has('fish'))('fish: the script parses and completes commands, options and choices', async () => {
    const path = await script('fish');
    expect(spawnSync('fish', ['-n', path], { encoding: 'utf8' }).status).toBe(0);
    const complete = (line: string) =>
      spawnSync('fish', ['--no-config', '-c', `source '${path}'; complete -C'${line}'`], { encoding: 'utf8' })
        .stdout.split('\n')
        .filter(Boolean)
        .map((l) => l.split('\t')[0]);
    expect(complete('evidence ru')).toEqual(['runs']);
    expect(complete('evidence runs --fi')).toEqual(['--final']);
    expect(complete('evidence completion ').sort()).toEqual(['bash', 'fish', 'zsh']);
  });

  it('an unknown shell is bad usage (exit 2) naming the choices', async () => {
    const result = await runCli(['completion', 'tcsh']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Allowed choices are bash, zsh, fish');
  });
});
