/**
 * The README's examples run as written: every `$ evidence …` line in a folder holding what the README
 * presumes (the reference trainer's evidence folder, a few logs beside it), and the TypeScript example.
 */
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  runExample,
  shellCommands,
  splitCommand,
  typescriptExamples,
} from '../../../scripts/readme-examples.js';
import { cliRoot, copyFixture, finished, startCli, tempDir, waitForOutput } from './helpers.js';

const readme = join(cliRoot, 'README.md');

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
  // `pnpm seeds`: runs/<task>/<group>/<seed>/, each an evidence folder with its training log
  for (const group of ['ppo', 'ppo-1-epoch']) {
    for (const seed of [1, 2, 3]) {
      const run = join(into, 'runs', 'CartPole-v1', group, `seed${seed}`);
      mkdirSync(run, { recursive: true });
      cpSync(join(evidence, 'training_log.csv'), join(run, 'training_log.csv'));
    }
  }
  const frames = join(into, 'runs', 'ep-0042', 'frames');
  mkdirSync(frames, { recursive: true });
  for (let i = 1; i <= 3; i++) cpSync(join(evidence, 'training_curve.png'), join(frames, `frame_${i}.png`));
  // frames cut short by a crash: the second one ends halfway
  cpSync(frames, join(into, 'torn-frames'), { recursive: true });
  const png = readFileSync(join(frames, 'frame_2.png'));
  writeFileSync(join(into, 'torn-frames', 'frame_2.png'), png.subarray(0, png.length >> 1));
  return into;
}

// `evidence import tensorboard` needs a TensorBoard event file, which no fixture here holds: its
// examples are run by @evidence/sources' tests and the import command's own e2e test.
const commands = shellCommands(readme).filter(({ command }) => !command.startsWith('evidence import '));

describe('the CLI README', () => {
  it('has command examples for every command', () => {
    for (const name of ['report', 'plot', 'compare', 'table', 'gif', 'watch', 'env']) {
      expect(commands.some(({ command }) => command.startsWith(`evidence ${name}`))).toBe(true);
    }
  });

  it.each(commands)('line $line: $command', async ({ command, fails }) => {
    const cwd = workspace();
    const { args, stdoutTo } = splitCommand(command);
    const child = startCli(args, { cwd, env: { EVIDENCE_DIR: undefined } });
    if (args.includes('--follow') || args[0] === 'watch') {
      // runs until Ctrl-C: wait until it has shown something, then stop it as a user would
      await waitForOutput(
        child,
        (out) => out.stdout.length > 0 && (args[0] !== 'watch' || /watching/.test(out.stderr)),
        30_000,
      );
      child.kill('SIGINT');
    }
    const result = await finished(child, 60_000);
    if (fails) {
      // an example of a failure: exit 1 and one line naming the file, as the README shows
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/^evidence: \S+: /);
      expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
      return;
    }
    expect(result.code, result.stderr).toBe(0);
    if (stdoutTo !== null) writeFileSync(join(cwd, stdoutTo), result.stdout);
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
