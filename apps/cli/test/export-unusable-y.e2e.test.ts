/**
 * Issue 38: export needs no x or y. A run whose would-be y (or x) is text, empty or missing keeps every
 * metric it has; a run with nothing numeric is skipped, said on stderr with its reason, and the others
 * are exported (exit 0, --strict exit 1), as `runs` reports skipped runs.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from './helpers.js';

const HEADER = 'time/total_timesteps,rollout/ep_rew_mean,train/loss';

/** SB3 progress.csv runs: one sound, then a y of text, an empty y, an empty x, nothing numeric. */
function folder(): string {
  const root = tempDir('export-unusable-y');
  const runs: Record<string, string[]> = {
    seed0: ['0,1.5,0.3', '2048,2.5,0.2', '4096,3.5,0.1'],
    seed1: ['0,abc,0.3', '2048,def,0.2', '4096,ghi,0.1'], // y all text
    seed2: ['0,,0.3', '2048,,0.2', '4096,,0.1'], // y empty
    seed3: [',1,0.3', ',2,0.2', ',3,0.1'], // x empty
  };
  for (const [run, rows] of Object.entries(runs)) {
    mkdirSync(join(root, 'sweep', 'PPO', run), { recursive: true });
    writeFileSync(join(root, 'sweep', 'PPO', run, 'progress.csv'), `${[HEADER, ...rows].join('\n')}\n`);
  }
  mkdirSync(join(root, 'sweep', 'PPO', 'seed4'));
  writeFileSync(
    join(root, 'sweep', 'PPO', 'seed4', 'progress.csv'),
    'time/total_timesteps,rollout/ep_rew_mean\nsoon,a\nlater,b\n',
  );
  return root;
}

/** The CSV's (run, metric) pairs with how many values each has. */
function valuesByRunAndMetric(csv: string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const line of csv.trim().split('\n').slice(1)) {
    const cells = line.split(',');
    const key = `${cells[2]} ${cells[5]}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

describe('evidence export: a run whose y is unusable', () => {
  const root = folder();

  it('exports every run its other metrics, skips the run with nothing numeric and says why', async () => {
    const out = join(root, 'runs.csv');
    const result = await runCli(['export', 'sweep', '--out', out], { cwd: root });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('wrote   runs.csv (18 values of 3 metrics from 4 runs)\n');
    expect(valuesByRunAndMetric(readFileSync(out, 'utf8'))).toEqual({
      'seed0 rollout/ep_rew_mean': 3,
      'seed0 train/loss': 3,
      'seed1 train/loss': 3,
      'seed2 train/loss': 3,
      'seed3 rollout/ep_rew_mean': 3,
      'seed3 train/loss': 3,
    });
    expect(result.stderr).toMatch(
      /^sweep\/PPO\/seed4: skipped: no numeric column \(progress\.csv: text columns .*"rollout\/ep_rew_mean" \(line 2: "a"\)/m,
    );
    // the text y is said, its run's loss written
    expect(result.stderr).toContain(
      'sweep/PPO/seed1/progress.csv: text columns (not charted): "rollout/ep_rew_mean" (line 2: "abc")',
    );
    expect(result.stderr).toMatch(/: 4 runs in 1 group .*; 1 skipped;/);
    expect(result.stderr).not.toMatch(/seed[0-3]: skipped/);
  });

  it('Parquet: the same runs; --strict exits 1 for the skipped run and writes nothing', async () => {
    const out = join(root, 'runs.parquet');
    const result = await runCli(['export', 'sweep', '--out', out], { cwd: root });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('(18 values of 3 metrics from 4 runs)');
    const strict = await runCli(['export', 'sweep', '--out', join(root, 'strict.csv'), '--strict'], {
      cwd: root,
    });
    expect(strict.code).toBe(1);
    expect(strict.stderr).toContain('sweep/PPO/seed4: skipped: no numeric column');
    expect(strict.stderr).toContain('evidence: --strict: 1 run(s) skipped');
    expect(strict.stdout).toBe('');
  });

  it('one run alone whose y is empty is exported for its other metric', async () => {
    const out = join(root, 'seed2.csv');
    const result = await runCli(['export', 'sweep/PPO/seed2', '--out', out], { cwd: root });
    expect(result.code, result.stderr).toBe(0);
    expect(valuesByRunAndMetric(readFileSync(out, 'utf8'))).toEqual({ 'seed2 train/loss': 3 });
  });
});
