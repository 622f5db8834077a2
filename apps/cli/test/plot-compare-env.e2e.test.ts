import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyFixture, PNG_SIGNATURE, runCli, tempDir } from './helpers.js';

const isPng = (path: string) => readFileSync(path).subarray(0, 8).equals(PNG_SIGNATURE);

describe('evidence plot', () => {
  it('draws every standard chart of a folder', async () => {
    const dir = copyFixture();
    const out = join(tempDir('plots'), 'charts', 'new'); // created when missing
    const result = await runCli(['plot', dir, '-o', out]);
    expect(result.code).toBe(0);
    for (const chart of [
      'training_curve.png',
      'reward_components.png',
      'checkpoint_progression.png',
      'before_after_summary.png',
      'reward_distribution.png',
    ]) {
      expect(isPng(join(out, chart)), chart).toBe(true);
    }
  });

  it('draws chosen columns of any CSV, with a log y axis', async () => {
    const dir = tempDir('columns');
    const csv = join(dir, 'custom.csv');
    writeFileSync(csv, 'it,loss,acc\n1,1.5,0.1\n2,0.9,0.3\n3,0.4,0.5\n4,0.2,0.7\n');
    const result = await runCli([
      'plot',
      csv,
      '--x',
      'it',
      '--y',
      'loss,acc',
      '--log-y',
      '-o',
      join(dir, 'out.png'),
    ]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(isPng(join(dir, 'out.png'))).toBe(true);
    const svg = await runCli(['plot', csv, '--x', 'it', '--y', 'loss', '-o', join(dir, 'out.svg')]);
    expect(svg.code).toBe(0);
    expect(readFileSync(join(dir, 'out.svg'), 'utf8')).toContain('<svg');
  });

  it('a missing column is bad input naming the file and the columns it has', async () => {
    const dir = tempDir('badcol');
    const csv = join(dir, 'custom.csv');
    writeFileSync(csv, 'step,loss\n1,2\n');
    const result = await runCli(['plot', csv, '--y', 'reward']);
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/^evidence: .*custom\.csv: .*"reward".*step, loss/);
  });

  it('--y on a folder is bad usage; a CSV with no standard chart needs --y', async () => {
    const dir = tempDir('usage');
    expect((await runCli(['plot', dir, '--y', 'loss'])).code).toBe(2);
    writeFileSync(join(dir, 'other.csv'), 'a,b\n1,2\n');
    const result = await runCli(['plot', join(dir, 'other.csv')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--y');
  });

  it('a missing path is bad input', async () => {
    const result = await runCli(['plot', 'nowhere.csv']);
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe('evidence: nowhere.csv: no such file or directory');
  });

  it('a folder with only a training log gets its chart and says what it skipped', async () => {
    const dir = tempDir('only-log');
    writeFileSync(
      join(dir, 'training_log.csv'),
      'step,epoch,loss,reward,reward_std,kl,grad_norm,learning_rate,wall_time_s\n1,0,1,0,0,,1,0.001,1\n2,0,0.5,1,0,,1,0.001,2\n',
    );
    const result = await runCli(['plot', dir]);
    expect(result.code).toBe(0);
    expect(isPng(join(dir, 'report', 'training_curve.png'))).toBe(true);
    expect(result.stdout).toMatch(
      /skipped before_after_summary\.png: pre_eval\.jsonl and post_eval\.jsonl are missing/,
    );
    expect(existsSync(join(dir, 'report', 'reward_components.png'))).toBe(false);
  });

  it('a training log without reward and loss fails naming the file and the columns, draws no chart', async () => {
    const dir = tempDir('no-reward');
    writeFileSync(join(dir, 'training_log.csv'), 'step,epoch,kl\n1,0,0.1\n2,0,0.2\n');
    const result = await runCli(['plot', dir]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /training_log\.csv: no column "reward" or "loss" to draw the training curve from \(its columns: step, epoch, kl\)/,
    );
    expect(existsSync(join(dir, 'report', 'training_curve.png'))).toBe(false);
    expect(existsSync(join(dir, 'training_curve.png'))).toBe(false);
  });
});

describe('evidence compare', () => {
  it('prints a table with deltas and 95% intervals', async () => {
    const dir = copyFixture();
    const result = await runCli([
      'compare',
      join(dir, 'pre_eval.jsonl'),
      join(dir, 'post_eval.jsonl'),
      '--resamples',
      '500',
      '--seed',
      '1',
    ]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^metric\s+pre\s+post\s+delta\s+95% CI of delta/m);
    expect(result.stdout).toMatch(
      /^mean_reward\s+0\.0458\s+1\.0331\s+\+0\.9873\s+\[\+\d\.\d{4}, \+\d\.\d{4}\]/m,
    );
    expect(result.stdout).toMatch(/^success_rate\s+0\.1250\s+0\.7250\s+\+0\.6000/m);
  });

  it('--json prints the metrics, reproducibly with a seed', async () => {
    const dir = copyFixture();
    const args = [
      'compare',
      join(dir, 'pre_eval.jsonl'),
      join(dir, 'post_eval.jsonl'),
      '--json',
      '--resamples',
      '500',
      '--seed',
      '3',
    ];
    const first = await runCli(args);
    const second = await runCli(args);
    expect(first.code).toBe(0);
    const metrics = JSON.parse(first.stdout);
    expect(metrics.delta.success_rate).toBeCloseTo(0.6, 12);
    const [low, high] = metrics.ci95.mean_reward as [number, number];
    expect(low).toBeLessThan(metrics.delta.mean_reward);
    expect(high).toBeGreaterThan(metrics.delta.mean_reward);
    expect(second.stdout).toBe(first.stdout);
  });

  it('a missing file is bad input naming it', async () => {
    const dir = copyFixture();
    const result = await runCli(['compare', join(dir, 'pre_eval.jsonl'), 'missing.jsonl']);
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe('evidence: missing.jsonl: no such file');
  });

  it('bad lines are reported with their line numbers and the rest compared', async () => {
    const dir = copyFixture();
    const pre = join(dir, 'pre_eval.jsonl');
    writeFileSync(pre, `${readFileSync(pre, 'utf8')}not json\n`);
    const result = await runCli(['compare', pre, join(dir, 'post_eval.jsonl'), '--resamples', '200']);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/pre_eval\.jsonl:41: /);
    expect(result.stdout).toMatch(/^n\s+40\s+40/m);
  });
});

describe('evidence env', () => {
  it('lists every variable with its default and current value', async () => {
    const result = await runCli(['env'], { env: { EVIDENCE_ANIMATION_FPS: '12' } });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^EVIDENCE_DIR\s/m);
    expect(result.stdout).toMatch(/^EVIDENCE_ANIMATION_FPS\s+12\s+30\s+environment/m);
  });

  it('--json and --prefix', async () => {
    const result = await runCli(['env', '--json', '--prefix', 'OAK_EXAMPLE_'], {
      env: { OAK_EXAMPLE_DIR: 'out' },
    });
    expect(result.code).toBe(0);
    const rows = JSON.parse(result.stdout) as { variable: string; value: string | null; source: string }[];
    expect(rows.find((row) => row.variable === 'OAK_EXAMPLE_DIR')).toMatchObject({
      value: 'out',
      source: 'environment',
    });
  });

  it('flags invalid values as the packages would (exit 1) and unknown prefixed names with a suggestion', async () => {
    const result = await runCli(['env'], {
      env: { EVIDENCE_ANIMATION_FPS: '0', EVIDENCE_ANIMATON_EVERY: '5', EVIDENCE_DIR: 'runs' },
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^EVIDENCE_DIR\s+runs\s/m);
    expect(result.stderr.trimEnd().split('\n')).toEqual([
      'evidence: EVIDENCE_ANIMATION_FPS="0": expected an integer from 1 to 100 (digits only)',
      'evidence: EVIDENCE_ANIMATON_EVERY: unknown; did you mean EVIDENCE_ANIMATION_EVERY?',
    ]);
    const unknownOnly = await runCli(['env', '--json'], { env: { EVIDENCE_SOMETHING: '1' } });
    expect(unknownOnly.code).toBe(0); // the packages only warn about unknown names
    expect(unknownOnly.stderr).toBe('evidence: EVIDENCE_SOMETHING: unknown\n');
    const rows = JSON.parse(unknownOnly.stdout) as { variable: string; problem?: string }[];
    expect(rows.find((row) => row.variable === 'EVIDENCE_SOMETHING')?.problem).toBe('unknown');
  });
});
