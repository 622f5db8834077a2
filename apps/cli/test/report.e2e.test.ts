import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyFixture, fixtureDir, hashTree, PNG_SIGNATURE, runCli, tempDir } from './helpers.js';

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
  it('builds the whole report from the Python reference folder into report/, every trainer file byte-identical', async () => {
    const dir = copyFixture();
    const before = hashTree(dir);
    const result = await runCli(['report', dir, '--resamples', '1000', '--seed', '7']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const out = join(dir, 'report');
    for (const chart of CHARTS) {
      expect(isPng(join(out, chart)), chart).toBe(true);
      expect(result.stdout).toContain(`report/${chart}`);
    }
    for (const file of ['index.html', 'REPORT.md', 'before_after_metrics.json', 'sample_trajectories.md']) {
      expect(existsSync(join(out, file)), file).toBe(true);
    }
    const after = hashTree(dir);
    for (const [file, hash] of before) expect(after.get(file), file).toBe(hash);
    for (const file of after.keys()) if (!before.has(file)) expect(file, file).toMatch(/^report\//);
    expect(result.stdout).toMatch(/open .*report\/index\.html/);
    const metrics = JSON.parse(readFileSync(join(out, 'before_after_metrics.json'), 'utf8'));
    expect(Object.keys(metrics)).toEqual(
      expect.arrayContaining(['pre', 'post', 'delta', 'ci95', 'p_improvement']),
    );
    expect(metrics.pre.n).toBe(40);
    expect(metrics.post.mean_reward).toBeCloseTo(1.0330775, 9);
    expect(result.stdout).toMatch(/\d+ written, \d+ skipped, 0 bad lines/);
  });

  it('--out and --inline: one self-contained page elsewhere, the evidence folder untouched', async () => {
    const dir = copyFixture();
    const before = hashTree(dir);
    const share = join(tempDir('share'), 'page');
    const result = await runCli(['report', dir, '--out', share, '--inline', '--resamples', '200']);
    expect(result.code).toBe(0);
    expect(hashTree(dir)).toEqual(before);
    const html = readFileSync(join(share, 'index.html'), 'utf8');
    const sources = [...html.matchAll(/<img[^>]*\ssrc="([^"]*)"/g)].map((m) => m[1] as string);
    expect(sources.length).toBeGreaterThanOrEqual(11);
    for (const src of sources) expect(src).toMatch(/^data:image\//);
  });

  it('--help names --out, --inline and where the report goes', async () => {
    const result = await runCli(['report', '--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('--out <dir>');
    expect(result.stdout).toContain('--inline');
    expect(result.stdout).toContain('DIR/report');
  });

  it('--json prints the result as data', async () => {
    const dir = copyFixture();
    const result = await runCli(['report', dir, '--json', '--resamples', '200']);
    expect(result.code).toBe(0);
    const data = JSON.parse(result.stdout);
    expect(data.written).toEqual(expect.arrayContaining([join(dir, 'report', 'index.html')]));
    expect(Array.isArray(data.skipped)).toBe(true);
    expect(data.metrics.pre.n).toBe(40);
  });

  it('a folder with nothing to report: exit 1, one line saying what it looked for, nothing written', async () => {
    const dir = tempDir('empty');
    writeFileSync(join(dir, 'notes.txt'), 'hello');
    const result = await runCli(['report', dir]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(
      /^evidence: .*empty.*: nothing to report \(looked for training_log\.csv, reward_components\.csv, checkpoint_evals\.csv, pre_eval\.jsonl, post_eval\.jsonl, curves\/, animations\/, an evidence folder, \*monitor\.csv, progress\.csv, metrics\.csv \(or any table: comma, tab, semicolon or space separated, any extension\), events\.out\.tfevents\.\*, trainer_state\.json, an mlruns\/, Ray trial, sacred or d3rlpy folder, mlflow\.db, a W&B run-\*\.wandb, evaluations\.npz, progress\.json, a W&B or TensorBoard CSV export, a JSON array, JSON Lines or metric store; found none\); nothing written/,
    );
    expect(readdirSync(dir)).toEqual(['notes.txt']);
  });

  it('a folder with only evaluations says what it skipped and why', async () => {
    const dir = tempDir('evals-only');
    for (const file of ['pre_eval.jsonl', 'post_eval.jsonl'])
      writeFileSync(join(dir, file), readFileSync(join(fixtureDir, file)));
    const result = await runCli(['report', dir, '--resamples', '200']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/skipped report\/training_curve\.png: .*training_log\.csv/);
    expect(result.stdout).toMatch(/wrote .*report\/before_after_summary\.png/);
  });

  it('a folder with only a training log still gets its chart', async () => {
    const dir = tempDir('only-log');
    writeFileSync(join(dir, 'training_log.csv'), readFileSync(join(fixtureDir, 'training_log.csv')));
    const result = await runCli(['report', dir]);
    expect(result.code).toBe(0);
    expect(isPng(join(dir, 'report', 'training_curve.png'))).toBe(true);
    expect(result.stdout).toContain('wrote   ');
    expect(result.stdout).toMatch(/skipped report\/reward_components\.png: .*reward_components\.csv/);
    expect(existsSync(join(dir, 'report', 'before_after_summary.png'))).toBe(false);
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
    expect(isPng(join(dir, 'report', 'training_curve.png'))).toBe(true);
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
    const html = readFileSync(join(dir, 'report', 'index.html'), 'utf8');
    expect(html).not.toContain('<script>alert');
    expect(readFileSync(join(dir, 'report', 'sample_trajectories.md'), 'utf8')).toContain('alert');
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
