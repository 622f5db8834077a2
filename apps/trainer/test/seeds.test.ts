import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runsReport } from '@evidence/report';
import { describe, expect, it } from 'vitest';
import { SEEDS_GROUPS, trainSeeds } from '../src/index.js';
import { jsonschema, schemaErrors } from './helpers.js';

/** The `--pattern` of the root README's `pnpm evidence runs runs …` example. */
function readmeRunsPattern(): string {
  const readme = readFileSync(fileURLToPath(new URL('../../../README.md', import.meta.url)), 'utf8');
  const pattern = /pnpm evidence runs runs --pattern '([^']+)'/.exec(readme)?.[1];
  if (!pattern) throw new Error("the root README has no `pnpm evidence runs runs --pattern '…'` example");
  return pattern;
}

describe('trainSeeds', () => {
  it('trains each seed of both configurations and writes the runs report comparing them', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'trainer-seeds-')), 'runs');
    const lines: string[] = [];
    const result = await trainSeeds({ seeds: [1, 2], out, updates: 2, log: (line) => lines.push(line) });
    const { summary } = result.analysis;
    expect(summary.runs.map((r) => r.path)).toEqual(
      SEEDS_GROUPS.flatMap((g) => [1, 2].map((s) => `CartPole-v1/${g.name}/seed${s}`)),
    );
    expect(Object.keys(summary.tasks)).toEqual(['CartPole-v1']);
    expect(summary.tasks['CartPole-v1']?.budget).toBe(2);
    for (const group of SEEDS_GROUPS)
      expect(summary.tasks['CartPole-v1']?.groups[group.name]?.complete).toBe(2);
    // the 1-epoch runs really ran with one epoch: different numbers from the same seeds
    const finals = summary.runs.map((r) => r.final);
    expect(finals.slice(0, 2)).not.toEqual(finals.slice(2));
    expect(existsSync(result.report)).toBe(true);
    expect(readFileSync(result.report, 'utf8')).toContain('Few runs');
    expect(lines.some((line) => line.startsWith('Few runs'))).toBe(true);

    // runs.json beside the page is valid against the schema @evidence/report publishes
    if (jsonschema) expect(schemaErrors('runs', [join(dirname(result.report), 'runs.json')])).toEqual([]);

    // The root README's runs example reads this folder as it is: every seed, by configuration and task.
    const read = await runsReport(out, {
      discover: { pattern: readmeRunsPattern(), exclude: dirname(result.report) },
      resamples: 100,
    });
    expect(read.analysis.summary.runs.map((run) => [run.task, run.group]).sort()).toEqual(
      SEEDS_GROUPS.flatMap((g) => [1, 2].map(() => ['CartPole-v1', g.name])).sort(),
    );
  });
});

describe('the seeds command (built, as `pnpm seeds` runs it)', () => {
  const bin = fileURLToPath(new URL('../dist/seeds-bin.js', import.meta.url));
  const run = (args: string[]) => {
    if (!existsSync(bin)) throw new Error(`${bin} is missing: run \`pnpm build\` in apps/trainer first`);
    return spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', timeout: 240_000 });
  };

  it('--help exits 0; bad usage exits 2 naming the flag', () => {
    expect(run(['--help']).stdout).toMatch(/^Usage: .*seeds-bin/);
    const one = run(['--seeds', '3']);
    expect(one.status).toBe(2);
    expect(one.stderr).toMatch(/--seeds: expected at least two whole numbers/);
    expect(run(['--updates', 'x']).status).toBe(2);
    expect(run(['--frobnicate']).status).toBe(2);
  });

  it('trains, compares and says what the comparison shows', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'trainer-seeds-bin-')), 'runs');
    const result = run(['--', '--seeds', '1-2', '--updates', '1', '--out', out]);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^P\(ppo > ppo-1-epoch\) = .*90% CI/m);
    expect(result.stdout).toMatch(/^Few runs: /m);
    expect(existsSync(join(out, 'report', 'index.html'))).toBe(true);
  });
});
