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

  it('--y on an evidence folder is bad usage; a CSV with no standard chart gets its default curve (issue #21)', async () => {
    const dir = tempDir('usage');
    writeFileSync(join(dir, 'training_log.csv'), 'step,loss,reward\n1,2,3\n');
    expect((await runCli(['plot', dir, '--y', 'loss'])).code).toBe(2);
    const other = tempDir('other');
    writeFileSync(join(other, 'other.csv'), 'step,a,b\n1,2,3\n2,3,4\n');
    const result = await runCli(['plot', join(other, 'other.csv')]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/wrote {3}.*other\.png/);
    expect(readFileSync(join(other, 'other.png')).subarray(1, 4).toString()).toBe('PNG');
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
    expect(result.stdout).toMatch(
      /^metric\s+pre\s+post\s+delta\s+95% CI of delta\s+verdict \(exact test, 5%\)/m,
    );
    expect(result.stdout).toMatch(
      /^mean_reward\s+0\.0458\s+1\.0331\s+\+0\.9873\s+\[\+\d\.\d{4}, \+\d\.\d{4}\]\s+better \(p = \S+\)$/m,
    );
    // a rate's change gets Newcombe's interval (independent: the reference episodes carry no seed)
    expect(result.stdout).toMatch(
      /^success_rate\s+0\.1250\s+0\.7250\s+\+0\.6000\s+\[\+0\.3950, \+0\.7339\]\s+better \(p = \S+\)$/m,
    );
    expect(result.stdout).toMatch(/^std\s.*\sneutral$/m);
    expect(result.stdout).toMatch(/^independent \(no "seed" or "start_state" key to pair episodes by\)/m);
  });

  it('paired episodes (the same seed in each pair) are compared pair by pair, and it says so', async () => {
    const dir = tempDir('paired');
    const lines = (base: number) =>
      Array.from({ length: 30 }, (_, i) =>
        JSON.stringify({
          seed: 7 * i,
          cumulative_reward: base + ((i * 13) % 50),
          pole_fell: (i + base) % 3 === 0,
        }),
      ).join('\n');
    writeFileSync(join(dir, 'pre.jsonl'), `${lines(0)}\n`);
    writeFileSync(join(dir, 'post.jsonl'), `${lines(4)}\n`);
    const result = await runCli(['compare', join(dir, 'pre.jsonl'), join(dir, 'post.jsonl'), '--json']);
    expect(result.code).toBe(0);
    const metrics = JSON.parse(result.stdout);
    expect(metrics.pairing).toEqual({ paired: true, why: 'the same "seed" in every pair of episodes' });
    expect(metrics.method).toMatchObject({
      mean_reward: 'bootstrap-percentile-paired',
      pole_fell: 'newcombe-hybrid-score-paired',
    });
    // every pair gained exactly 4: the paired interval is the point itself, and clearly better
    expect(metrics.ci95.mean_reward).toEqual([4, 4]);
    expect(metrics.verdict.mean_reward).toBe('better');
    expect(metrics.direction.pole_fell).toBe('lower');
  });

  it('a wrong --reward-key says the key is absent and names the keys there are', async () => {
    const dir = copyFixture();
    const result = await runCli([
      'compare',
      join(dir, 'pre_eval.jsonl'),
      join(dir, 'post_eval.jsonl'),
      '--reward-key',
      'score',
    ]);
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(
      /^evidence: .*pre_eval\.jsonl: no episode has the reward key "score"; the episodes' keys are episode, task_id, cumulative_reward, discovered, correct_mass, correct_channel, steps$/m,
    );
    expect(result.stderr).not.toMatch(/bad line/);
  });

  it('--require-improvement: 0 when the exact one-sided test finds it better at 5 %, 1 otherwise, 2 for a metric without a direction', async () => {
    const dir = copyFixture();
    const pre = join(dir, 'pre_eval.jsonl');
    const post = join(dir, 'post_eval.jsonl');
    const fast = ['--resamples', '500'];
    const improved = await runCli(['compare', pre, post, ...fast, '--require-improvement']);
    expect(improved.code, improved.stderr).toBe(0);
    expect(improved.stdout).toMatch(
      /^improved: mean_reward \+0\.9873, 95% CI \[\+\d\.\d{4}, \+\d\.\d{4}\] \(higher is better\); one-sided exact Mann–Whitney test p = \S+ ≤ 0\.05$/m,
    );
    const same = await runCli(['compare', pre, pre, ...fast, '--require-improvement', 'success_rate']);
    expect(same.code).toBe(1);
    expect(same.stderr).toMatch(
      /^evidence: no proven improvement: success_rate \+0\.0000, 95% CI \[-0\.\d{4}, \+0\.\d{4}\] \(higher is better\); one-sided exact Mann–Whitney test p = \S+; p > 0\.05$/m,
    );
    const worse = await runCli(['compare', post, pre, ...fast, '--require-improvement']);
    expect(worse.code).toBe(1);
    expect(worse.stderr).toMatch(
      /mean_reward -0\.9873.*; it changed the wrong way \(one-sided exact test p = \S+\)$/m,
    );
    const json = await runCli(['compare', pre, pre, ...fast, '--json', '--require-improvement']);
    expect(json.code).toBe(1);
    const data = JSON.parse(json.stdout);
    expect(data.verdict.mean_reward).toBe('unclear');
    expect(data.tests.mean_reward).toMatchObject({
      test: 'mann-whitney',
      method: 'exact',
      needed_to_reach: 3,
    });
    expect(data.tests.mean_reward.p_value).toBeGreaterThan(0.05);
    expect((await runCli(['compare', pre, post, ...fast, '--require-improvement', 'std'])).code).toBe(2);
    const unknown = await runCli(['compare', pre, post, ...fast, '--require-improvement', 'speed']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(
      /no metric "speed" \(the metrics are mean_reward, median_reward, success_rate/,
    );
  });

  it('--require-improvement with few episodes: one a side has no interval, two separated a side cannot tell', async () => {
    const dir = tempDir('compare-few');
    const episodes = (rewards: number[]) =>
      rewards.map((r) => JSON.stringify({ cumulative_reward: r })).join('\n');
    const write = (name: string, rewards: number[]) => {
      writeFileSync(join(dir, name), `${episodes(rewards)}\n`);
      return join(dir, name);
    };
    const one = await runCli([
      'compare',
      write('a.jsonl', [1]),
      write('b.jsonl', [5]),
      '--require-improvement',
    ]);
    expect(one.code).toBe(1);
    expect(one.stderr).toContain('95% CI none: 1 v 1 episodes, no spread to estimate');
    expect(one.stderr).toContain(
      'cannot tell at 95%: with 1 v 1 episodes no result can reach p ≤ 0.05 (the smallest possible p is 0.5); at least 3 episodes per side can',
    );
    const two = await runCli(['compare', write('c.jsonl', [1, 2]), write('d.jsonl', [8, 9])]);
    expect(two.code).toBe(0);
    expect(two.stdout).toMatch(/mean_reward .*cannot tell at 95% \(too few episodes: p ≥ 0\.167\)/);
    expect(two.stdout).not.toMatch(/mean_reward .*\bbetter\b/);
    const many = await runCli([
      'compare',
      write('e.jsonl', [1, 2, 3, 1, 2]),
      write('f.jsonl', [8, 9, 7, 8, 9]),
      '--require-improvement',
      '--json',
    ]);
    expect(many.code, many.stderr).toBe(0);
    expect(JSON.parse(many.stdout).tests.mean_reward.p_value).toBeCloseTo(1 / 252, 12);
  });

  it('run.json beside the files states directions and pairing', async () => {
    const dir = copyFixture();
    writeFileSync(join(dir, 'run.json'), JSON.stringify({ metrics: { channel_acc: { better: 'lower' } } }));
    const result = await runCli([
      'compare',
      join(dir, 'pre_eval.jsonl'),
      join(dir, 'post_eval.jsonl'),
      '--json',
      '--resamples',
      '200',
    ]);
    expect(result.code).toBe(0);
    const metrics = JSON.parse(result.stdout);
    expect(metrics.direction.channel_acc).toBe('lower');
    expect(metrics.verdict.channel_acc).toBe('worse');
    writeFileSync(join(dir, 'run.json'), '{"metrics": ');
    const broken = await runCli(['compare', join(dir, 'pre_eval.jsonl'), join(dir, 'post_eval.jsonl')]);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(/^evidence: .*run\.json: not valid JSON/);
  });

  it('rewards near 1e308: finite spread, readable numbers, and a word when a value is not finite', async () => {
    const dir = tempDir('huge');
    const write = (name: string, rewards: number[]) =>
      writeFileSync(join(dir, name), `${rewards.map((r) => `{"cumulative_reward": ${r}}`).join('\n')}\n`);
    // their sum and squares overflow a double; their mean, spread and changes do not
    write('pre.jsonl', [1.5e308, 1.2e308, 9e307, 1.7e308, 3e307]);
    write('post.jsonl', [1.6e308, 1.1e308, 9e307, 1.7e308, 1.3e308]);
    const table = await runCli([
      'compare',
      join(dir, 'pre.jsonl'),
      join(dir, 'post.jsonl'),
      '--resamples',
      '200',
    ]);
    expect(table.code).toBe(0);
    expect(table.stderr).toBe('');
    expect(table.stdout).toMatch(/^mean_reward\s+1\.1200e\+308\s+1\.3200e\+308\s+\+2\.0000e\+307\s/m);
    expect(table.stdout).toMatch(/^std\s+5\.\d{4}e\+307\s+3\.\d{4}e\+307\s/m);
    for (const line of table.stdout.split('\n').filter((l) => /\d/.test(l) && !l.includes(':'))) {
      expect(line.length, line).toBeLessThan(120); // no 300-digit numbers
    }
    const json = await runCli([
      'compare',
      join(dir, 'pre.jsonl'),
      join(dir, 'post.jsonl'),
      '--json',
      '--resamples',
      '200',
    ]);
    const metrics = JSON.parse(json.stdout);
    expect(metrics.pre.std).toBeGreaterThan(5e307);
    expect(metrics.warnings).toEqual([]);
    write('pre.jsonl', [-1.7e308, 1.7e308, 1.7e308]);
    const infinite = await runCli([
      'compare',
      join(dir, 'pre.jsonl'),
      join(dir, 'post.jsonl'),
      '--json',
      '--resamples',
      '200',
    ]);
    expect(infinite.code).toBe(0);
    expect(JSON.parse(infinite.stdout).pre.std).toBeNull();
    expect(infinite.stderr).toMatch(
      /^evidence: warning: pre\.std is infinite \(beyond ±1\.8e308, the largest double\); JSON shows it as null$/m,
    );
  });

  it('--help prints the default bootstrap seed, the same in report and compare', async () => {
    for (const command of ['compare', 'report']) {
      const help = await runCli([command, '--help']);
      expect(help.stdout.replace(/\s+/g, ' ')).toMatch(
        /--seed <n> bootstrap seed \(the trainer .*\(default: 0\)/,
      );
    }
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
