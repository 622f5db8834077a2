/**
 * Folders of tools nobody fixtured (packages/sources/test/fixtures/unseen, written as each tool writes
 * them) through the commands with no flags, and the files a discovery did not read named with why.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { settledCopy } from '../../../packages/sources/test/helpers.js';
import { runCli } from './helpers.js';

const UNSEEN = fileURLToPath(new URL('../../../packages/sources/test/fixtures/unseen', import.meta.url));

/** A copy last written an hour ago (nobody appending), in a fresh folder the commands may write into. */
const unseen = (name: string): string => settledCopy(UNSEEN, name);

/**
 * The final score of each of a folder's runs, from its files: the mean y over the rows with x ≥ 0.9 of
 * the largest x of the run's task (the budget). `rowsOf` reads a file as [x, y] pairs; `taskOf` names its task.
 */
function finals(
  files: readonly string[],
  rowsOf: (text: string) => [number, number][],
  taskOf: (file: string) => string,
): Map<string, number> {
  const rows = new Map(files.map((file) => [file, rowsOf(readFileSync(file, 'utf8'))]));
  const budget = new Map<string, number>();
  for (const [file, pairs] of rows)
    for (const [x] of pairs) budget.set(taskOf(file), Math.max(budget.get(taskOf(file)) ?? 0, x));
  const out = new Map<string, number>();
  for (const [file, pairs] of rows) {
    const last = pairs.filter(([x]) => x >= 0.9 * (budget.get(taskOf(file)) ?? 0)).map(([, y]) => y);
    out.set(file, last.reduce((a, b) => a + b, 0) / last.length);
  }
  return out;
}

/** Every file under `dir` whose name passes `keep`, by absolute path. */
function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((rel) => keep(rel.split('/').pop() ?? '') && statSync(join(dir, rel)).isFile())
    .map((rel) => join(dir, rel));
}

describe('folders of tools nobody fixtured, with no flags', () => {
  it('runs compares the y the discovery chose and named, even one no return vocabulary spells (PFRL, jaxrl)', async () => {
    const pfrl = unseen('pfrl');
    const result = await runCli(['runs', '--json', pfrl]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(
      /; x steps 2 \([^;]*; runner-up n_updates\); y mean 2 \(no return, quality or loss is logged; average_loss is constant \(0\.25 in every row\)\);/,
    );
    const summary = JSON.parse(result.stdout);
    // PFRL's scores.txt: a tab-separated table whose header names the columns
    const tsv = (text: string): [number, number][] => {
      const [head, ...lines] = text
        .trim()
        .split('\n')
        .map((line) => line.split('\t'));
      const [x, y] = ['steps', 'mean'].map((name) => (head as string[]).indexOf(name)) as [number, number];
      return lines.map((cells) => [Number(cells[x]), Number(cells[y])]);
    };
    const fromFiles = finals(
      filesUnder(pfrl, (n) => n === 'scores.txt'),
      tsv,
      (f) => f.split('/').at(-3) ?? '',
    );
    expect([summary.x, summary.y]).toEqual(['steps', 'mean']);
    expect(summary.runs).toHaveLength(fromFiles.size);
    for (const run of summary.runs)
      expect(run.final).toBeCloseTo(fromFiles.get(join(pfrl, run.path, 'scores.txt')) as number, 9);

    const jaxrl = unseen('jaxrl');
    const jax = await runCli(['runs', '--json', jaxrl]);
    expect(jax.code, jax.stderr).toBe(0);
    expect(jax.stderr).toMatch(/; x step 3( \([^)]*\))?; y value 3[ ;]/);
    const jaxSummary = JSON.parse(jax.stdout);
    // np.savetxt of (step, return) rows: no header, one space between the two
    const txt = (text: string): [number, number][] =>
      text
        .trim()
        .split('\n')
        .map((line) => line.split(' ').map(Number) as [number, number]);
    const jaxFinals = finals(
      filesUnder(jaxrl, (n) => n.endsWith('.txt')),
      txt,
      (f) => f.split('/').at(-3) ?? '',
    );
    expect([jaxSummary.x, jaxSummary.y]).toEqual(['step', 'value']);
    expect(jaxSummary.runs).toHaveLength(jaxFinals.size);
    for (const run of jaxSummary.runs)
      expect(run.final).toBeCloseTo(jaxFinals.get(join(jaxrl, run.path)) as number, 9);
  });

  it('runs: Acme phases are one run, Hydra jobs take their .hydra config; --json lists every unread file with why', async () => {
    const acme = await runCli(['runs', '--json', unseen('acme')]);
    expect(acme.code, acme.stderr).toBe(0);
    const summary = JSON.parse(acme.stdout);
    expect([summary.x, summary.y, summary.runs.length]).toEqual([
      'actor_steps',
      'evaluator/episode_return',
      1,
    ]);
    expect(summary.runs[0].final).toBe(301.5);

    const hydra = await runCli(['runs', '--json', unseen('hydra')]);
    expect(hydra.code, hydra.stderr).toBe(0);
    const { unread, runs } = JSON.parse(hydra.stdout);
    expect(runs.map((r: { group: string; task: string }) => [r.group, r.task])).toEqual([
      ['dqn', 'CartPole-v1'],
      ['dqn', 'CartPole-v1'],
    ]);
    expect(unread).toHaveLength(5);
    expect(unread).toContainEqual({
      path: 'multirun/2024-01-01/12-00-00/0/train.log',
      why: expect.stringMatching(/^text starting "\[2024-01-01 12:00:00,000\]/),
    });
  });

  it('the human output names the first unread files and how many more', async () => {
    const result = await runCli(['plot', unseen('hydra')]);
    expect(result.code, result.stderr).toBe(0);
    const line = result.stderr.split('\n').find((l) => l.includes(': not read: '));
    expect(line).toBeDefined();
    // five named (each with why), none left over: the job logs, multirun.yaml, Hydra's own settings
    expect(line?.match(/ \(text starting /g)).toHaveLength(3);
    expect(line?.match(/\/\.hydra\/hydra\.yaml \(the settings of hydra itself/g)).toHaveLength(2);
    expect(line).not.toMatch(/more$/);
    const baselines = await runCli(['runs', unseen('baselines')]);
    expect(baselines.code, baselines.stderr).toBe(0);
    expect(baselines.stderr).toMatch(
      /: not read: openai-[^/]+\/log\.txt \(console output beside the run's own log \([^)]*\): read from the log\); openai-[^/]+\/log\.txt \(/,
    );
  });

  it('report prints the found line and the unread note of the discovery, as runs does', async () => {
    const hydra = unseen('hydra');
    const runs = await runCli(['runs', hydra]);
    const report = await runCli(['report', hydra]);
    expect(report.code, report.stderr).toBe(0);
    const said = (stderr: string) =>
      stderr.split('\n').filter((line) => /: \d+ runs? in \d+ group|: not read: /.test(line));
    expect(said(runs.stderr)).toHaveLength(2);
    expect(said(report.stderr)).toEqual(said(runs.stderr));
    // a second report does not count the first one's files as unread
    const again = await runCli(['report', hydra]);
    expect(said(again.stderr)).toEqual(said(runs.stderr));
  });

  it('plot, report and export read rl_games, TorchRL and PFRL folders', async () => {
    const games = unseen('rl-games');
    const plot = await runCli(['plot', games]);
    expect(plot.code, plot.stderr).toBe(0);
    expect(plot.stderr).toMatch(/2 runs in 1 group \(runs\) .*y rewards\/step 2/);
    const torchrl = unseen('torchrl');
    const out = join(torchrl, 'all.csv');
    const exported = await runCli(['export', torchrl, '--out', out]);
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout).toMatch(/9 values of 3 metrics from 1 run/);
    const report = await runCli(['report', unseen('pfrl')]);
    expect(report.code, report.stderr).toBe(0);
    expect(report.stdout).toMatch(/^found 2 runs \(CSV\/TSV log\)/);
    // Hopper and Walker apart: one chart of `mean` per task
    expect(report.stdout).toMatch(/; charting 2 tasks apart: \d+ charts, one per metric and task/);
    expect(report.stdout.match(/overlay-\d+-mean\.png/g)).toHaveLength(2);
  });
});
