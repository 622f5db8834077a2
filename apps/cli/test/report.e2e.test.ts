import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyFixture, fixtureDir, PNG_SIGNATURE, runCli, tempDir } from './helpers.js';

const CHARTS = [
  'training_curve.png',
  'reward_components.png',
  'checkpoint_progression.png',
  'before_after_summary.png',
  'reward_distribution.png',
];

function isPng(path: string): boolean {
  return readFileSync(path).subarray(0, 8).equals(PNG_SIGNATURE);
}

describe('evidence report', () => {
  it('builds the whole report from the Python reference folder as it is', async () => {
    const dir = copyFixture();
    const before = readFileSync(join(fixtureDir, 'training_log.csv'));
    const result = await runCli(['report', dir, '--resamples', '1000', '--seed', '7']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    for (const chart of CHARTS) {
      expect(isPng(join(dir, chart)), chart).toBe(true);
      expect(result.stdout).toContain(chart);
    }
    for (const file of ['index.html', 'REPORT.md', 'before_after_metrics.json', 'sample_trajectories.md']) {
      expect(existsSync(join(dir, file)), file).toBe(true);
    }
    const metrics = JSON.parse(readFileSync(join(dir, 'before_after_metrics.json'), 'utf8'));
    expect(Object.keys(metrics)).toEqual(
      expect.arrayContaining(['pre', 'post', 'delta', 'ci95', 'p_improvement']),
    );
    expect(metrics.pre.n).toBe(40);
    expect(metrics.post.mean_reward).toBeCloseTo(1.0330775, 9);
    expect(result.stdout).toMatch(/\d+ written, \d+ skipped, 0 bad lines/);
    expect(readFileSync(join(fixtureDir, 'training_log.csv')).equals(before)).toBe(true);
  });

  it('--json prints the result as data', async () => {
    const dir = copyFixture();
    const result = await runCli(['report', dir, '--json', '--resamples', '200']);
    expect(result.code).toBe(0);
    const data = JSON.parse(result.stdout);
    expect(data.written).toEqual(expect.arrayContaining([join(dir, 'index.html')]));
    expect(Array.isArray(data.skipped)).toBe(true);
    expect(data.metrics.pre.n).toBe(40);
  });

  it('an empty folder: exit 0, and it says what it skipped and why', async () => {
    const dir = tempDir('empty');
    const result = await runCli(['report', dir]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/skipped training_curve\.png: .*training_log\.csv/);
    expect(result.stdout).toMatch(/skipped .*before_after.*pre_eval\.jsonl/);
  });

  it('a folder with only a training log still gets its chart', async () => {
    const dir = tempDir('only-log');
    writeFileSync(join(dir, 'training_log.csv'), readFileSync(join(fixtureDir, 'training_log.csv')));
    const result = await runCli(['report', dir]);
    expect(result.code).toBe(0);
    expect(isPng(join(dir, 'training_curve.png'))).toBe(true);
    expect(result.stdout).toContain('wrote   ');
    expect(result.stdout).toMatch(/skipped reward_components\.png: .*reward_components\.csv/);
    expect(existsSync(join(dir, 'before_after_summary.png'))).toBe(false);
  });

  it('torn lines and wrong field counts are reported with line numbers, never fatal', async () => {
    const dir = copyFixture();
    const log = join(dir, 'training_log.csv');
    const lines = readFileSync(log, 'utf8').trimEnd().split('\n');
    lines.splice(10, 0, '999,1,2'); // line 11: 3 fields instead of 9
    writeFileSync(log, `${lines.join('\n')}\n301,3.01,0.5`); // torn last line
    appendFileSync(join(dir, 'pre_eval.jsonl'), '{"episode": 41, "cumulative_reward": 0.5, "steps": [');
    const result = await runCli(['report', dir, '--resamples', '200']);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/training_log\.csv:11: /);
    expect(result.stderr).toMatch(/training_log\.csv:\d+: .*torn/);
    expect(result.stderr).toMatch(/pre_eval\.jsonl:41: /);
    expect(result.stdout).toMatch(/[1-9]\d* bad lines?/);
    expect(isPng(join(dir, 'training_curve.png'))).toBe(true);
  });

  it('escapes HTML-special characters from episode text', async () => {
    const dir = tempDir('html');
    const episode = (reward: number, action: string) =>
      JSON.stringify({
        episode: 0,
        cumulative_reward: reward,
        discovered: reward > 0,
        steps: [{ action, reward }],
      });
    const evil = '<script>alert("x")</script> & <b>';
    writeFileSync(join(dir, 'pre_eval.jsonl'), `${[episode(-1, evil), episode(0, 'ok')].join('\n')}\n`);
    writeFileSync(join(dir, 'post_eval.jsonl'), `${[episode(1, evil), episode(2, 'fine')].join('\n')}\n`);
    const result = await runCli(['report', dir, '--resamples', '200']);
    expect(result.code).toBe(0);
    const html = readFileSync(join(dir, 'index.html'), 'utf8');
    expect(html).not.toContain('<script>alert');
    expect(readFileSync(join(dir, 'sample_trajectories.md'), 'utf8')).toContain('alert');
  });

  it('a file where the folder should be is bad input', async () => {
    const dir = tempDir('file');
    mkdirSync(join(dir, 'x'));
    const result = await runCli(['report', join(dir, 'x', 'missing')]);
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/^evidence: .*missing: no such directory/);
  });
});
