/**
 * README examples as tests: each TypeScript block, its types stripped and nothing else changed, must
 * parse on this Node (20: no `await using`); then it runs in a child process (through tsx), with
 * `@evidence/*` imports pointed at the packages' sources so no build is needed. Used by the README tests
 * of the packages and of the CLI.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import { runChild } from './child.js';

export { runChild } from './child.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const tsx = pathToFileURL(createRequire(join(root, 'package.json')).resolve('tsx')).href;
const sources: Record<string, string> = Object.fromEntries(
  readdirSync(join(root, 'packages')).map((dir) => [
    `@evidence/${dir}`,
    join(root, 'packages', dir, 'src', 'index.ts'),
  ]),
);
sources['@evidence/cli'] = join(root, 'apps', 'cli', 'src', 'index.ts');
sources['@evidence/trainer'] = join(root, 'apps', 'trainer', 'src', 'index.ts');

/**
 * A Node child's output, for examples run through tsx (runChild: a time limit, one more try after a
 * start-up hang); a second hang, a non-zero exit or a signal fails with the child's stderr.
 */
export function nodeOutput(
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): string {
  const child = runChild(process.execPath, args, {
    ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
    ...(options.env === undefined ? {} : { env: options.env }),
    ...(options.timeoutMs === undefined ? {} : { timeout: options.timeoutMs }),
  });
  if (child.status !== 0)
    throw new Error(
      `node ${args.join(' ')}: ${child.signal ? `killed by ${child.signal}` : `exit ${child.status}`}\n${child.stderr}`,
    );
  return child.stdout;
}

export interface Example {
  /** 1-based line of the block's first code line in the README */
  line: number;
  code: string;
}

/** A `$ evidence …` command line of a README and the output shown under it. */
export interface ShellCommand {
  /** 1-based line in the README */
  line: number;
  /** 1-based line of the opening fence of its block: the commands of a block run in order, in one folder */
  block: number;
  command: string;
  /** the lines shown under the command, up to the next `$` line or the end of the block ([] when none) */
  shown: string[];
  /** the shown output is an `evidence: …` error line: an example of a failure */
  fails: boolean;
}

/** The `$ evidence …` command lines of a README's ```sh blocks, without their trailing comments. */
export function shellCommands(readmePath: string): ShellCommand[] {
  const lines = readFileSync(readmePath, 'utf8').split('\n');
  const commands: ShellCommand[] = [];
  let block = 0; // the line of the open ```sh fence, 0 outside one
  let current: ShellCommand | null = null;
  for (const [i, text] of lines.entries()) {
    if (/^```/.test(text)) {
      block = block === 0 && text === '```sh' ? i + 1 : 0;
      current = null;
      continue;
    }
    if (block === 0) continue;
    const match = /^\$ (.*?)\s*(#.*)?$/.exec(text);
    if (match) {
      current = match[1]!.startsWith('evidence ')
        ? { line: i + 1, block, command: match[1]!, shown: [], fails: false }
        : null;
      if (current) commands.push(current);
    } else if (current) current.shown.push(text);
  }
  for (const command of commands) {
    while (command.shown.at(-1) === '') command.shown.pop();
    command.fails = (command.shown[0] ?? '').startsWith('evidence: ');
  }
  return commands;
}

/**
 * Why `actual` (what the command printed) is not what the README shows, or null when it is. The shown
 * lines are compared in order, trailing spaces aside; a line `…` stands for any number of lines, and `…`
 * within a line for any text on that line.
 */
export function shownMismatch(shown: readonly string[], actual: string): string | null {
  const lines = actual
    .replace(/\n$/, '')
    .split('\n')
    .map((line) => line.trimEnd());
  const pattern = shown
    .map((line) =>
      line.trim() === '…'
        ? '(?:[^\\n]*\\n)*?'
        : `${line.trimEnd().split('…').map(escapeRegExp).join('[^\\n]*')}\\n`,
    )
    .join('');
  if (new RegExp(`^${pattern}$`).test(`${lines.join('\n')}\n`)) return null;
  return `shown:\n${shown.join('\n')}\n\nprinted:\n${lines.join('\n')}`;
}

/**
 * `shownMismatch` for a command whose stdout and stderr were captured apart. Each stream is written in
 * order, but the two are separate pipes from the command's thread, so a warning on stderr may reach a
 * terminal before or after a line on stdout printed earlier: the shown lines must be some interleaving of
 * the two streams (each in its own order), `…` lines and in-line `…` as in shownMismatch.
 */
export function shownInterleavingMismatch(
  shown: readonly string[],
  stdout: string,
  stderr: string,
): string | null {
  const linesOf = (text: string) =>
    text === ''
      ? []
      : text
          .replace(/\n$/, '')
          .split('\n')
          .map((line) => line.trimEnd());
  const out = linesOf(stdout);
  const err = linesOf(stderr);
  const items = shown.map((line) =>
    line.trim() === '…' ? null : new RegExp(`^${line.trimEnd().split('…').map(escapeRegExp).join('.*')}$`),
  );
  const failed = new Set<string>();
  // depth-first over (shown line, stdout line, stderr line), each state tried once
  const matches = (i: number, a: number, b: number): boolean => {
    const key = `${i},${a},${b}`;
    if (failed.has(key)) return false;
    const item = items[i];
    const ok =
      item === undefined
        ? a === out.length && b === err.length
        : item === null
          ? matches(i + 1, a, b) ||
            (a < out.length && matches(i, a + 1, b)) ||
            (b < err.length && matches(i, a, b + 1))
          : (a < out.length && item.test(out[a]!) && matches(i + 1, a + 1, b)) ||
            (b < err.length && item.test(err[b]!) && matches(i + 1, a, b + 1));
    if (!ok) failed.add(key);
    return ok;
  };
  if (matches(0, 0, 0)) return null;
  return `shown:\n${shown.join('\n')}\n\nprinted on stdout:\n${out.join('\n')}\n\nprinted on stderr:\n${err.join('\n')}`;
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A command line split as a shell would (quotes, no expansion), and its `> file` redirection. */
export function splitCommand(command: string): { args: string[]; stdoutTo: string | null } {
  const words = [...command.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3]!);
  const redirect = words.indexOf('>');
  const stdoutTo = redirect >= 0 ? (words[redirect + 1] ?? null) : null;
  return { args: (redirect >= 0 ? words.slice(0, redirect) : words).slice(1), stdoutTo };
}

/** The ```ts blocks of a README that import at least one @evidence package. */
export function typescriptExamples(readmePath: string): Example[] {
  const text = readFileSync(readmePath, 'utf8');
  // Blocks may be indented (inside a list item): the fence's indentation is removed from every line.
  return [...text.matchAll(/^( *)```ts\n([\s\S]*?)^\1```/gm)]
    .map((match) => {
      const indent = new RegExp(`^ {0,${match[1]!.length}}`, 'gm');
      const code = (match[2] ?? '').replace(indent, '');
      return { line: text.slice(0, match.index).split('\n').length + 1, code };
    })
    .filter((example) => /from '@evidence\//.test(example.code));
}

/** The `// → ` lines of an example: what it prints, one line each (`…` elides, as in shownMismatch). */
export function shownOutput(code: string): string[] {
  return code.split('\n').flatMap((line) => {
    const at = line.indexOf('// → ');
    return at === -1 ? [] : [line.slice(at + '// → '.length)];
  });
}

export interface ExampleRun {
  status: number | null;
  stdout: string;
  stderr: string;
  cwd: string;
}

/**
 * Runs one example as an ES module in a fresh temp folder (its working directory), after `setup` has
 * put there the files the example presumes.
 */
export function runExample(
  example: Example,
  options: { env?: Record<string, string>; setup?: (cwd: string) => void } = {},
): ExampleRun {
  const cwd = mkdtempSync(join(tmpdir(), 'readme-example-'));
  options.setup?.(cwd);
  const code = example.code.replace(/from '(@evidence\/[\w-]+)'/g, (whole, name: string) =>
    sources[name] === undefined ? whole : `from ${JSON.stringify(sources[name])}`,
  );
  // Types stripped only (target ESNext lowers nothing): what a reader's Node must understand.
  const stripped = join(cwd, 'stripped.mjs');
  writeFileSync(
    stripped,
    ts.transpileModule(code, {
      compilerOptions: { target: ts.ScriptTarget.ESNext, module: ts.ModuleKind.ESNext },
    }).outputText,
  );
  const check = spawnSync(process.execPath, ['--check', stripped], { encoding: 'utf8' });
  if (check.status !== 0) return { status: check.status, stdout: check.stdout, stderr: check.stderr, cwd };
  const file = join(cwd, 'example.mts');
  writeFileSync(file, code);
  const child = runChild(process.execPath, ['--import', tsx, file], {
    cwd,
    env: { PATH: process.env.PATH ?? '', ...options.env },
  });
  return { status: child.status, stdout: child.stdout, stderr: child.stderr, cwd };
}
