/**
 * `evidence compare` over what other trainers write: SB3 monitor files (a row per episode, `r` the
 * reward) and JSONL with the reward nested (`{"episode": {"r": …}}`). The same episodes written as our
 * JSONL must give the same metrics.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from './helpers.js';

/** Episode rewards before and after training (CartPole-like: reward = length). */
const PRE = [12, 9, 15, 11, 10, 22, 13, 9, 17, 14, 10, 12];
const POST = [200, 187, 500, 321, 410, 276, 500, 233, 389, 450];

/** A monitor file as SB3's ResultsWriter writes it: a #-JSON line with \n, then csv rows with \r\n. */
function monitorText(rewards: readonly number[]): string {
  let text = `#${JSON.stringify({ t_start: 1_700_000_000.5, env_id: 'CartPole-v1' })}\nr,l,t\r\n`;
  rewards.forEach((r, i) => {
    text += `${r}.0,${r},${(0.25 * (i + 1)).toFixed(6)}\r\n`;
  });
  return text;
}

const mean = (values: readonly number[]) => values.reduce((a, b) => a + b, 0) / values.length;

async function compareJson(args: string[]) {
  const result = await runCli(['compare', ...args, '--json', '--resamples', '500', '--seed', '7']);
  expect(result.code, result.stderr).toBe(0);
  return { json: JSON.parse(result.stdout), stderr: result.stderr };
}

describe('evidence compare over CSV and nested JSONL', () => {
  it('first.monitor.csv last.monitor.csv --reward-key r: the same metrics as the same episodes in JSONL', async () => {
    const dir = tempDir('compare-sb3');
    writeFileSync(join(dir, 'first.monitor.csv'), monitorText(PRE));
    writeFileSync(join(dir, 'last.monitor.csv'), monitorText(POST));
    const jsonl = (rewards: readonly number[]) =>
      rewards.map((r) => JSON.stringify({ cumulative_reward: r })).join('\n') + '\n';
    writeFileSync(join(dir, 'pre.jsonl'), jsonl(PRE));
    writeFileSync(join(dir, 'post.jsonl'), jsonl(POST));

    const csv = await compareJson([
      join(dir, 'first.monitor.csv'),
      join(dir, 'last.monitor.csv'),
      '--reward-key',
      'r',
    ]);
    expect(csv.stderr).toBe('');
    expect(csv.json.pre.n).toBe(PRE.length);
    expect(csv.json.post.n).toBe(POST.length);
    expect(csv.json.pre.mean_reward).toBeCloseTo(mean(PRE), 12);
    expect(csv.json.delta.mean_reward).toBeCloseTo(mean(POST) - mean(PRE), 12);
    const plain = await compareJson([join(dir, 'pre.jsonl'), join(dir, 'post.jsonl')]);
    expect(csv.json.ci95.mean_reward).toEqual(plain.json.ci95.mean_reward);
    expect(csv.json.delta.mean_reward).toBe(plain.json.delta.mean_reward);

    const table = await runCli([
      'compare',
      join(dir, 'first.monitor.csv'),
      join(dir, 'last.monitor.csv'),
      '--reward-key',
      'r',
      '--resamples',
      '200',
    ]);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/^mean_reward\s/m);
  });

  it('a bad row of a CSV is reported with its line and the rest compared; a missing column names the file', async () => {
    const dir = tempDir('compare-sb3-bad');
    const pre = join(dir, 'first.monitor.csv');
    const post = join(dir, 'last.monitor.csv');
    // line 5 (the comment line is line 1) has a field too many; the last row is torn
    writeFileSync(pre, monitorText(PRE).replace('\r\n15.0,', '\r\n15.0,1,').concat('13.0,1'));
    writeFileSync(post, monitorText(POST));
    const result = await runCli(['compare', pre, post, '--reward-key', 'r', '--json', '--resamples', '200']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/first\.monitor\.csv:5: 4 fields, expected 3/);
    expect(result.stderr).toMatch(/first\.monitor\.csv:15: last line has no line end/);
    expect(JSON.parse(result.stdout).pre.n).toBe(PRE.length - 1);

    const missing = await runCli(['compare', pre, post, '--reward-key', 'reward']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/first\.monitor\.csv/);
  });

  it('--reward-key episode.r reads {"episode": {"r": …}} in JSONL', async () => {
    const dir = tempDir('compare-nested');
    const nested = (rewards: readonly number[]) =>
      rewards.map((r, i) => JSON.stringify({ episode: { r, l: r, t: i }, solved: r >= 195 })).join('\n') +
      '\n';
    const flat = (rewards: readonly number[]) =>
      rewards.map((r) => JSON.stringify({ cumulative_reward: r, solved: r >= 195 })).join('\n') + '\n';
    writeFileSync(join(dir, 'pre.jsonl'), nested(PRE));
    writeFileSync(join(dir, 'post.jsonl'), nested(POST));
    writeFileSync(join(dir, 'flat-pre.jsonl'), flat(PRE));
    writeFileSync(join(dir, 'flat-post.jsonl'), flat(POST));
    const ours = await compareJson([
      join(dir, 'pre.jsonl'),
      join(dir, 'post.jsonl'),
      '--reward-key',
      'episode.r',
    ]);
    const theirs = await compareJson([join(dir, 'flat-pre.jsonl'), join(dir, 'flat-post.jsonl')]);
    expect(ours.json.pre.n).toBe(PRE.length);
    expect(ours.json.delta.mean_reward).toBeCloseTo(mean(POST) - mean(PRE), 12);
    expect(ours.json.reward_key).toBe('episode.r');
    expect({ ...ours.json, reward_key: null }).toEqual({ ...theirs.json, reward_key: null });
  });
});
