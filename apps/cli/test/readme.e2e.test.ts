/**
 * The README's examples run as written: every `$ evidence …` line in a folder holding what the README
 * presumes (the reference trainer's evidence folder, a few logs beside it), printing what the README shows
 * under it (stdout and stderr as a terminal shows them), and the TypeScript example.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, cpSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  runExample,
  type ShellCommand,
  shellCommands,
  shownInterleavingMismatch,
  splitCommand,
  typescriptExamples,
} from '../../../scripts/readme-examples.js';
import {
  binPath,
  cliRoot,
  copyFixture,
  finished,
  requireBuiltBin,
  startCli,
  tempDir,
  waitForOutput,
} from './helpers.js';

const readme = join(cliRoot, 'README.md');
const repoRoot = join(cliRoot, '..', '..');

/** The files the examples name, as a trainer would have left them. */
function workspace(into = tempDir('readme')): string {
  const evidence = join(into, 'evidence');
  cpSync(copyFixture(), evidence, { recursive: true });
  // `--reward-key return`: a trainer that calls its episode reward `return`
  for (const side of ['pre', 'post']) {
    const lines = readFileSync(join(evidence, `${side}_eval.jsonl`), 'utf8')
      .trimEnd()
      .split('\n');
    const withReturn = lines.map((line) => {
      const episode = JSON.parse(line) as Record<string, unknown>;
      return JSON.stringify({ ...episode, return: episode.cumulative_reward });
    });
    writeFileSync(join(evidence, `${side}_eval.jsonl`), `${withReturn.join('\n')}\n`);
    cpSync(join(evidence, `${side}_eval.jsonl`), join(into, `${side}.jsonl`));
  }
  // what Stable-Baselines3 wrote: a log folder, and monitor files of a first and a last evaluation
  const sb3 = fileURLToPath(new URL('../../../packages/sources/test/fixtures/sb3', import.meta.url));
  cpSync(sb3, join(into, 'logs', 'ppo_cartpole'), { recursive: true });
  cpSync(join(sb3, '0.monitor.csv'), join(into, 'first.monitor.csv'));
  cpSync(join(sb3, '1.monitor.csv'), join(into, 'last.monitor.csv'));
  // episodes with the reward nested, as `{"episode": {"r": …}}`
  for (const side of ['pre', 'post']) {
    const nested = readFileSync(join(evidence, `${side}_eval.jsonl`), 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => JSON.stringify({ episode: { r: (JSON.parse(line) as { return: number }).return } }));
    writeFileSync(join(into, `${side}_episodes.jsonl`), `${nested.join('\n')}\n`);
  }
  // Ray Tune trials with params.json: the export's configuration columns
  const layouts = fileURLToPath(new URL('../../../packages/sources/test/fixtures/layouts', import.meta.url));
  cpSync(join(layouts, 'ray_results'), join(into, 'ray_results'), { recursive: true });
  cpSync(join(evidence, 'training_log.csv'), join(into, 'metrics.csv'));
  cpSync(join(evidence, 'training_log.csv'), join(into, 'log.csv'));
  // `pnpm seeds`: runs/<task>/<group>/<seed>/, each a trainer's evidence folder (its logs and run.json)
  cpSync(join(repoRoot, 'fixtures', 'trainer-seeds'), join(into, 'runs'), { recursive: true });
  // CleanRL's runs/{env}__{exp}__{seed}__{time}/: TensorBoard event files
  cpSync(join(layouts, 'cleanrl', 'runs'), join(into, 'cleanrl'), { recursive: true });
  const frames = join(into, 'frames');
  mkdirSync(frames, { recursive: true });
  for (let i = 1; i <= 3; i++) cpSync(join(evidence, 'training_curve.png'), join(frames, `frame_${i}.png`));
  // frames cut short by a crash: the second one ends halfway
  cpSync(frames, join(into, 'torn-frames'), { recursive: true });
  const png = readFileSync(join(frames, 'frame_2.png'));
  writeFileSync(join(into, 'torn-frames', 'frame_2.png'), png.subarray(0, png.length >> 1));
  return into;
}

const commands = shellCommands(readme);
/** The commands of each ```sh block: run in order in one folder, as a reader would type them. */
const blocks = [...new Set(commands.map((command) => command.block))].map((block) => ({
  line: block,
  commands: commands.filter((command) => command.block === block),
}));

/** Runs one README command in `cwd` and checks its exit code and the output the README shows under it. */
async function runDocumented({ command, line, fails, shown }: ShellCommand, cwd: string): Promise<void> {
  const { args, stdoutTo } = splitCommand(command);
  const where = `README line ${line}: ${command}`;
  if (args.includes('--follow') || args[0] === 'watch') {
    // runs until Ctrl-C: wait until it has shown something, then stop it as a user would
    const child = startCli(args, { cwd, env: { EVIDENCE_DIR: undefined } });
    await waitForOutput(
      child,
      (out) => out.stdout.length > 0 && (args[0] !== 'watch' || /watching/.test(out.stderr)),
    );
    child.kill('SIGINT');
    const result = await finished(child);
    expect(result.code, `${where}\n${result.stderr}`).toBe(0);
    expect(shown, `${where}: the output of a command that runs until Ctrl-C is not compared`).toEqual([]);
    return;
  }
  const result = runAsShown(args, cwd, stdoutTo);
  expect(result.code, `${where}\n${result.stdout}${result.stderr}`).toBe(fails ? 1 : 0);
  if (shown.length > 0)
    expect(shownInterleavingMismatch(shown, result.stdout, result.stderr), where).toBeNull();
}

/**
 * Runs the command once as the README shows it: stdout and stderr each into a file of its own (a
 * terminal shows them interleaved, each in its own order), or stdout into `stdoutTo` for a `> file`
 * example (then only stderr is compared).
 */
function runAsShown(
  args: string[],
  cwd: string,
  stdoutTo: string | null,
): { code: number | null; stdout: string; stderr: string } {
  requireBuiltBin();
  const outputs = tempDir('readme-output');
  const stdoutFile = stdoutTo === null ? join(outputs, 'stdout') : join(cwd, stdoutTo);
  const stdout = openSync(stdoutFile, 'w');
  const stderr = openSync(join(outputs, 'stderr'), 'w');
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH ?? '', HOME: cwd, NO_COLOR: '1' };
  try {
    const child = spawnSync(process.execPath, [binPath, ...args], {
      cwd,
      env,
      stdio: ['ignore', stdout, stderr],
      timeout: 240_000,
    });
    return {
      code: child.status,
      stdout: stdoutTo === null ? readFileSync(stdoutFile, 'utf8') : '',
      stderr: readFileSync(join(outputs, 'stderr'), 'utf8'),
    };
  } finally {
    closeSync(stdout);
    closeSync(stderr);
  }
}

describe('the CLI README', () => {
  it('has command examples for every command', () => {
    for (const name of ['report', 'plot', 'compare', 'table', 'gif', 'watch', 'env', 'runs', 'export']) {
      expect(commands.some(({ command }) => command.startsWith(`evidence ${name}`))).toBe(true);
    }
  });

  it.each(blocks)('the block at line $line prints what it shows', async ({ commands: inBlock }) => {
    const cwd = workspace();
    for (const command of inBlock) await runDocumented(command, cwd);
  });

  it('the TypeScript example runs on Node 20 and prints the change of the mean reward', () => {
    const [example] = typescriptExamples(readme);
    const result = runExample(example!, {
      setup: (cwd) => {
        const evidence = join(workspace(cwd), 'evidence');
        cpSync(join(evidence, 'pre_eval.jsonl'), join(cwd, 'pre_eval.jsonl'));
        cpSync(join(evidence, 'post_eval.jsonl'), join(cwd, 'post_eval.jsonl'));
      },
    });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout.trim()).toMatch(/^-?\d+(\.\d+)?(e-?\d+)?$/);
  });
});
