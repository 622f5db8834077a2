import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CHROMIUM, chromiumMissing, PNG_SIGNATURE, runCli, tempDir } from './helpers.js';

/** ROOT/{group}/{task}/seed{k}.csv with a column name holding a space; seed 2 of each group crashes at 60 %. */
function runFolder(groups = ['ppo', 'ppo-lr'], seeds = 3): string {
  const root = tempDir('runs');
  groups.forEach((group, g) => {
    for (const task of ['CartPole-v1', 'Acrobot-v1']) {
      mkdirSync(join(root, group, task), { recursive: true });
      for (let k = 0; k < seeds; k++) {
        const end = k === 2 ? 60 : 100;
        const lines = ['total timesteps,ep rew mean,loss'];
        for (let x = 1; x <= end; x++) lines.push(`${x * 100},${(g + 1) * x + ((k * 7) % 5)},${1 / x}`);
        writeFileSync(join(root, group, task, `seed${k}.csv`), `${lines.join('\n')}\n`);
      }
    }
  });
  return root;
}

const PATTERN = ['--pattern', '{group}/{task}/{run}.csv'];

describe('evidence runs', () => {
  it('--json prints exactly the documented shape', async () => {
    const root = runFolder();
    const result = await runCli([
      'runs',
      root,
      ...PATTERN,
      '--y',
      'ep rew mean',
      '--json',
      '--resamples',
      '500',
    ]);
    expect(result.code, result.stderr).toBe(0);
    const json = JSON.parse(result.stdout);
    // `skipped`: what the discovery could not use, with why (issue #21)
    expect(Object.keys(json)).toEqual([
      'x',
      'y',
      'runs',
      'tasks',
      'improvement',
      'aggregate',
      'overall',
      'curves',
      'bootstrap',
      'skipped',
      'unread',
    ]);
    // every interval shown is the calibrated one; rliable's plain percentile interval is beside it
    expect(json.bootstrap).toEqual({
      resamples: 500,
      seed: 0,
      confidence: 0.95,
      method: 'expanded-percentile',
    });
    expect(json.skipped).toEqual([]);
    // `unread`: every file under the root that no run reads, with why
    expect(json.unread).toEqual([]);
    expect(json.x).toBe('total timesteps');
    expect(json.aggregate).toBeNull();
    expect(json.runs).toHaveLength(12);
    expect(Object.keys(json.runs[0])).toEqual([
      'path',
      'group',
      'task',
      'rows',
      'last_x',
      'complete',
      'final',
    ]);
    const crashed = json.runs.find((r: { path: string }) => r.path === 'ppo/CartPole-v1/seed2.csv');
    expect(crashed).toEqual({
      path: 'ppo/CartPole-v1/seed2.csv',
      group: 'ppo',
      task: 'CartPole-v1',
      rows: 60,
      last_x: 6000,
      complete: false,
      final: null,
    });
    const task = json.tasks['CartPole-v1'];
    expect(task.budget).toBe(10000);
    expect(Object.keys(task.groups.ppo)).toEqual([
      'runs',
      'complete',
      'mean',
      'median',
      'iqm',
      'iqm_ci',
      'iqm_ci_method',
      'iqm_ci_percentile',
      'all_equal',
      'range',
      'interval_note',
    ]);
    expect(task.groups.ppo.iqm_ci_method).toBe('range');
    expect(task.groups.ppo.iqm_ci_percentile).toHaveLength(2);
    // 2 complete runs: too few for an interval that holds 95 %, so their range and why
    expect(task.groups.ppo).toMatchObject({ runs: 3, complete: 2, iqm_ci: null });
    // final = mean of y over rows with x ≥ 9000: x/100 = 90…100, y = x/100 + (7k mod 5)
    expect(task.groups.ppo.mean).toBeCloseTo((95 + 95 + 2) / 2, 12);
    // every run of one group ended above every run of the other, but 2 v 2 in one task cannot reach 5 %
    const [lower, higher] = json.improvement['CartPole-v1'];
    expect(lower).toMatchObject({ a: 'ppo', b: 'ppo-lr', p: 0, p_value: 1, test: 'exact', runs_to_reach: 3 });
    // one verdict, said by both rows: too few runs to tell, however far apart
    expect([lower.verdict, lower.verdict_why, lower.seeds_needed]).toEqual(['cannot-tell', 'too-few', null]);
    expect(higher).toMatchObject({
      a: 'ppo-lr',
      b: 'ppo',
      p: 1,
      test: 'exact',
      runs_to_reach: 3,
      seeds_needed: 3,
      verdict: 'cannot-tell',
      verdict_why: 'too-few',
    });
    expect(higher.p_value).toBeCloseTo(1 / 6, 12);
    expect(higher.ci[0]).toBeCloseTo(1 - lower.ci[1], 12);
    expect(higher.ci[0]).toBeLessThan(0.5); // Newcombe's interval, not the point [1, 1]
    expect(result.stderr).toContain('Few runs');
    const normalized = await runCli([
      'runs',
      root,
      ...PATTERN,
      '--y',
      'ep rew mean',
      '--json',
      '--normalize',
      'minmax',
    ]);
    const aggregate = JSON.parse(normalized.stdout).aggregate;
    expect(Object.keys(aggregate.groups.ppo)).toEqual([
      'iqm',
      'iqm_ci',
      'iqm_ci_method',
      'iqm_ci_percentile',
      'mean',
      'mean_ci',
      'mean_ci_method',
      'mean_ci_percentile',
      'median',
      'median_ci',
      'median_ci_method',
      'median_ci_percentile',
      'optimality_gap',
      'optimality_gap_ci',
      'optimality_gap_ci_method',
      'optimality_gap_ci_percentile',
      'runs_per_task',
      'ranges',
      'interval_note',
    ]);
    const keys = [
      'a',
      'b',
      'p',
      'ci',
      'p_value',
      'p_value_reverse',
      'verdict',
      'verdict_why',
      'test',
      'smallest_p',
      'runs_to_reach',
      'seeds_needed',
      'power',
    ];
    expect(aggregate.improvement.map((p: object) => Object.keys(p))).toEqual([keys, keys]);
  });

  it('splits CleanRL run names as little as possible from the left', async () => {
    const root = tempDir('cleanrl');
    for (const name of ['CartPole-v1__ppo_lstm__1__1700000000', 'CartPole-v1__ppo_lstm__2__1700000001']) {
      mkdirSync(join(root, name));
      writeFileSync(join(root, name, 'progress.csv'), 'global_step,charts/episodic_return\n1,2\n2,3\n');
    }
    const result = await runCli(['runs', root, '--pattern', '{task}__{group}__{run}/progress.csv', '--json']);
    expect(result.code, result.stderr).toBe(0);
    const json = JSON.parse(result.stdout);
    expect(json.x).toBe('global_step');
    expect(json.y).toBe('charts/episodic_return');
    expect(Object.keys(json.tasks)).toEqual(['CartPole-v1']);
    expect(Object.keys(json.tasks['CartPole-v1'].groups)).toEqual(['ppo_lstm']);
  });

  it('--out writes a page that opens from disk, with every chart as PNG and SVG', async () => {
    const root = runFolder();
    const out = join(tempDir('runs-out'), 'report');
    const result = await runCli([
      'runs',
      root,
      ...PATTERN,
      '--y',
      'ep rew mean',
      '--normalize',
      'minmax',
      '--out',
      out,
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('index.html');
    const pngs = ['curve-1-Acrobot-v1', 'curve-2-CartPole-v1', 'iqm', 'improvement', 'profile'];
    for (const stem of pngs) {
      expect(
        readFileSync(join(out, `${stem}.png`))
          .subarray(0, 8)
          .equals(PNG_SIGNATURE),
        stem,
      ).toBe(true);
      expect(readFileSync(join(out, `${stem}.svg`), 'utf8'), stem).toContain('<svg');
    }
    const html = readFileSync(join(out, 'index.html'), 'utf8');
    expect(html).not.toMatch(/(src|href)="(https?:|\/\/)/);
    expect(JSON.parse(readFileSync(join(out, 'runs.json'), 'utf8')).aggregate.normalize).toBe('minmax');
    expect(readFileSync(join(out, 'RUNS.md'), 'utf8')).toContain('| ppo | 3 | 2 |');
    // again into the same folder: allowed (our own report); into a folder of someone else's files: refused
    expect((await runCli(['runs', root, ...PATTERN, '--y', 'ep rew mean', '--out', out])).code).toBe(0);
    expect(existsSync(join(out, 'profile.png'))).toBe(false); // no --normalize now: no stale profile beside the page
    const foreign = tempDir('foreign');
    writeFileSync(join(foreign, 'index.html'), 'mine');
    const refused = await runCli(['runs', root, ...PATTERN, '--y', 'ep rew mean', '--out', foreign]);
    expect(refused.code).toBe(1);
    expect(readFileSync(join(foreign, 'index.html'), 'utf8')).toBe('mine');

    if (chromiumMissing) return;
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox'] });
    try {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      page.on('pageerror', (e) => errors.push(e.message));
      page.on('requestfailed', (r) => errors.push(`request failed: ${r.url()}`));
      await page.goto(pathToFileURL(join(out, 'index.html')).href, { waitUntil: 'load' });
      const images = await page.$$eval('img', (all) =>
        all.map((img) => ({ complete: img.complete, width: img.naturalWidth })),
      );
      expect(images).toHaveLength(pngs.length - 1);
      for (const image of images) expect(image.width).toBeGreaterThan(0);
      expect(await page.locator('tr.incomplete').count()).toBe(4);
      expect(await page.locator('#few-runs').textContent()).toMatch(/intervals are wide/);
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  it('bad input: one line naming the path and what was expected, exit 1', async () => {
    const root = runFolder();
    const one = async (args: string[]) => {
      const result = await runCli(['runs', ...args]);
      expect(result.code, result.stderr).toBe(1);
      const lines = result.stderr.trim().split('\n');
      return lines[lines.length - 1] as string;
    };
    expect(await one([root, ...PATTERN, '--y', 'nope'])).toMatch(
      /seed0\.csv: no column "nope" \(--y\); it has "total timesteps", "ep rew mean", "loss"/,
    );
    // `ep rew mean` is a return whatever its spelling: found without --y
    const found = await runCli(['runs', root, ...PATTERN, '--resamples', '200']);
    expect(found.code, found.stderr).toBe(0);
    expect(found.stderr).toMatch(/; y ep rew mean 12 \(a return\);/);
    expect(await one([root, '--pattern', '{group}/{run}.json'])).toMatch(
      /--pattern \{group\}\/\{run\}\.json matches no run/,
    );
    expect(await one([tempDir('empty')])).toMatch(/no runs found/);
    // a folder with files but no run says what each file is, not only what was looked for
    const console = tempDir('console-only');
    writeFileSync(join(console, 'output.log'), 'global_step=100, episodic_return=200.5\nSPS: 1234\n');
    expect(await one([console])).toMatch(/no runs found \(not read: output\.log \(.+\)\); expected /);

    const single = runFolder(['a', 'b'], 2);
    writeFileSync(join(single, 'b', 'Acrobot-v1', 'seed1.csv'), 'total timesteps,ep rew mean\n');
    const lone = await runCli(['runs', single, ...PATTERN, '--y', 'ep rew mean']);
    // a run with nothing logged yet is skipped with its reason, and the rest goes on (issue #21);
    // what is left of its group is then one run, which the statistics say in their own words
    expect(lone.stderr).toMatch(/b\/Acrobot-v1\/seed1\.csv: skipped: no values to read/);
    expect(lone.code, lone.stderr).toBe(0);
    expect(lone.stdout).toMatch(/^b +1 +1 .*one run: no interval; add seeds$/m);

    const texty = runFolder(['a', 'b'], 2);
    writeFileSync(
      join(texty, 'a', 'CartPole-v1', 'seed0.csv'),
      'total timesteps,ep rew mean\n100,1\nlate,2\n',
    );
    expect(await one([texty, ...PATTERN, '--y', 'ep rew mean'])).toMatch(
      /a\/CartPole-v1\/seed0\.csv:3: column "total timesteps" \(--x\) is not numeric: "late"/,
    );

    const lonely = runFolder(['a'], 2);
    mkdirSync(join(lonely, 'c', 'CartPole-v1'), { recursive: true });
    writeFileSync(
      join(lonely, 'c', 'CartPole-v1', 'seed0.csv'),
      'total timesteps,ep rew mean\n100,1\n10000,7\n',
    );
    // a group with one run is reported alone, not an error; a gate on it fails and says why
    const alone = await runCli(['runs', lonely, ...PATTERN, '--y', 'ep rew mean', '--json']);
    expect(alone.code, alone.stderr).toBe(0);
    expect(JSON.parse(alone.stdout).tasks['CartPole-v1'].groups.c).toMatchObject({
      runs: 1,
      complete: 1,
      iqm: 7,
      iqm_ci: null,
      note: 'one run: no interval; add seeds',
    });
    const gated = await runCli([
      'runs',
      lonely,
      ...PATTERN,
      '--y',
      'ep rew mean',
      '--require-improvement',
      'c',
      'a',
    ]);
    expect(gated.code, gated.stderr).toBe(1);
    expect(gated.stderr).toMatch(/--require-improvement: P\(c > a\) cannot be told: group "c" has one run/);
    expect(gated.stderr).not.toMatch(/\bat \S+:\d+:\d+/);
    // two groups that never ran the same task: nothing shows an improvement, so the gate fails
    const apart = runFolder(['a', 'b'], 2);
    rmSync(join(apart, 'a', 'Acrobot-v1'), { recursive: true });
    rmSync(join(apart, 'b', 'CartPole-v1'), { recursive: true });
    const never = await runCli([
      'runs',
      apart,
      ...PATTERN,
      '--y',
      'ep rew mean',
      '--require-improvement',
      'a',
      'b',
    ]);
    expect(never.code, never.stderr).toBe(1);
    expect(never.stderr).toMatch(/--require-improvement: a and b never ran the same task/);

    const ranges = join(tempDir('norm'), 'ranges.json');
    writeFileSync(ranges, JSON.stringify({ 'CartPole-v1': [0, 500] }));
    expect(await one([root, ...PATTERN, '--y', 'ep rew mean', '--normalize', ranges])).toMatch(
      /ranges\.json: no range for task "Acrobot-v1"/,
    );
  });

  it('--baseline ranks every configuration against that group; an unknown group is bad input', async () => {
    const root = runFolder(['cfg10', 'cfg2', 'cfg1']);
    const out = join(tempDir('runs-baseline'), 'report');
    const result = await runCli([
      'runs',
      root,
      ...PATTERN,
      '--y',
      'ep rew mean',
      '--baseline',
      'cfg2',
      '--out',
      out,
    ]);
    expect(result.code, result.stderr).toBe(0);
    const runsMd = readFileSync(join(out, 'RUNS.md'), 'utf8');
    // in the ranking, cfg1 learns fastest (each group's runs apart from the others': said in words)
    expect(runsMd).toContain('| rank | configuration | IQM | 95% CI | P(cfg2 \\> it) [90% CI] |');
    expect(runsMd).toMatch(
      /\| 1 \| cfg1 \| [\d.]+ \| range \[[^\]]+\] \| 0 \[0, [\d.]+\] \(every run below it\) \|/,
    );
    expect(runsMd).toMatch(/\| 2 \| cfg2 \| [\d.]+ \| range \[[^\]]+\] \| baseline \|/);
    expect(runsMd).toMatch(
      /\| 3 \| cfg10 \| [\d.]+ \| range \[[^\]]+\] \| 1 \[[\d.]+, 1\] \(every run above it\) \|/,
    );
    // the per-task tables in natural order
    expect(runsMd.indexOf('| cfg1 | 3 |')).toBeLessThan(runsMd.indexOf('| cfg2 | 3 |'));
    expect(runsMd.indexOf('| cfg2 | 3 |')).toBeLessThan(runsMd.indexOf('| cfg10 | 3 |'));
    const bad = await runCli(['runs', root, ...PATTERN, '--y', 'ep rew mean', '--baseline', 'cfg3']);
    expect(bad.code).toBe(1);
    expect(bad.stderr.trim().split('\n').pop()).toMatch(
      /--baseline cfg3: no such group; the groups are 'cfg1', 'cfg2', 'cfg10'/,
    );
  });

  it('a file that fails to parse is listed and skipped; bad usage exits 2', async () => {
    const root = runFolder();
    writeFileSync(join(root, 'ppo', 'CartPole-v1', 'seed9.csv'), '');
    const result = await runCli(['runs', root, ...PATTERN, '--y', 'ep rew mean', '--json']);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/ppo\/CartPole-v1\/seed9\.csv: skipped: no numeric column/);
    expect((await runCli(['runs', root, '--pattern', '{algo}/{run}.csv'])).code).toBe(2);
    expect((await runCli(['runs', root, '--final', '150%'])).code).toBe(2);
    expect((await runCli(['runs', root, '--normalize', 'zscore'])).code).toBe(2);
    expect((await runCli(['runs'])).code).toBe(2);
  });
});

describe('evidence runs --require-improvement A B', () => {
  it('decides with the stratified exact test: 2 v 2 in each of 2 tasks can pass (p = 1/36), the other way not', async () => {
    const root = runFolder();
    const args = ['runs', root, ...PATTERN, '--y', 'ep rew mean', '--json'];
    const better = await runCli([...args, '--require-improvement', 'ppo-lr', 'ppo']);
    expect(better.code, better.stderr).toBe(0);
    expect(better.stderr).toMatch(
      /improved: .*stratified over tasks p = 0\.02778 \(n = 2 v 2 in each of 2 tasks\)/,
    );
    const pair = JSON.parse(better.stdout).overall.find(
      (p: { a: string; b: string }) => p.a === 'ppo-lr' && p.b === 'ppo',
    );
    expect(pair).toMatchObject({ p: 1, test: 'exact', runs_to_reach: 2 });
    expect(pair.p_value).toBeCloseTo(1 / 36, 12);
    const worse = await runCli([...args, '--require-improvement', 'ppo', 'ppo-lr']);
    expect(worse.code).toBe(1);
    expect(worse.stderr).toMatch(
      /not improved: P\(ppo > ppo-lr\) = 0, 90% CI \[0, 0\.\d+\], .* p = 1 .*: ppo-lr ends above ppo \(one-sided exact test p = 0\.02778\), so ppo is not shown to improve on ppo-lr/,
    );
    expect(JSON.parse(worse.stdout).x).toBe('total timesteps'); // the data is still printed
    expect((await runCli([...args, '--require-improvement', 'ppo', 'a2c'])).code).toBe(2);
  });

  /** ROOT/{group}/seed{k}/progress.csv: every run of a ends near 400, every run of b near 100. */
  function separated(runs: number): string {
    const root = tempDir('gate');
    for (const [group, final] of [
      ['a', 400],
      ['b', 100],
    ] as const)
      for (let k = 0; k < runs; k++) {
        mkdirSync(join(root, group, `seed${k}`), { recursive: true });
        const lines = ['step,reward'];
        for (let x = 0; x <= 20; x++) lines.push(`${x * 500},${((final + 10 * k) * x) / 20}`);
        writeFileSync(join(root, group, `seed${k}`, 'progress.csv'), `${lines.join('\n')}\n`);
      }
    return root;
  }

  it('2 v 2, every run of A above every run of B: fails and says no result of so few runs can pass', async () => {
    const root = separated(2);
    const result = await runCli(['runs', root, '--require-improvement', 'a', 'b']);
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toContain(
      'cannot tell at 5% each way: with 2 v 2 runs no result can reach p ≤ 0.05 (the smallest possible p is 0.1667); at least 3 runs per group can',
    );
    // the verdict opens the output: who looks ahead, and that these runs cannot tell
    expect(result.stdout.split('\n')[0]).toMatch(
      /^These runs cannot tell a and b apart at 5% each way: with n = 2 v 2 no result can reach p ≤ 0\.05 .*P\(a > b\) = 1, 90% CI 0\.4702 to 1; at least 3 runs per group can/,
    );
    const json = await runCli(['runs', root, '--json']);
    const pair = JSON.parse(json.stdout).overall.find((p: { a: string }) => p.a === 'a');
    expect(pair.ci[0]).toBeCloseTo(0.4702, 4); // Newcombe's 90% interval: never the point [1, 1]
    expect(pair.smallest_p).toBeCloseTo(1 / 6, 12);
  });

  it('5 v 5, every run of A above every run of B: passes with p = 1/252', async () => {
    const result = await runCli(['runs', separated(5), '--require-improvement', 'a', 'b']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(
      /improved: P\(a > b\) = 1, 90% CI \[0\.7226, 1\], one-sided exact test p = 0\.003968/,
    );
    expect(result.stdout.split('\n')[0]).toMatch(
      /^a is ahead of b: a run of a ends above a run of b with probability 1/,
    );
  });
});

describe('one mean curve: evidence runs and evidence report agree', () => {
  it('three seeds logged at different steps give equal curves[metric][group] in runs --json and report --json', async () => {
    const root = tempDir('curves');
    for (const [seed, every] of [
      [1, 100],
      [2, 150],
      [3, 233],
    ] as const) {
      mkdirSync(join(root, 'ppo', `seed${seed}`), { recursive: true });
      const lines = ['step,reward'];
      for (let x = 0; x <= 10_000; x += every)
        lines.push(`${x},${200 + 5 * seed + 30 * Math.sqrt(x / 1000)}`);
      writeFileSync(join(root, 'ppo', `seed${seed}`, 'progress.csv'), `${lines.join('\n')}\n`);
    }
    const runs = await runCli(['runs', root, '--json']);
    expect(runs.code, runs.stderr).toBe(0);
    const report = await runCli(['report', root, '--json', '--out', join(tempDir('curves-out'), 'report')]);
    expect(report.code, report.stderr).toBe(0);
    const a = JSON.parse(runs.stdout).curves.reward.ppo;
    const b = JSON.parse(report.stdout).curves.reward.ppo;
    expect(a.x).toHaveLength(100);
    expect(b).toEqual(a);
    // linear interpolation within each run's steps: at x ≈ 2335 the three runs' interpolated mean
    const k = a.x.findIndex((x: number) => x > 2300);
    const at = a.x[k] as number;
    const expected =
      [1, 2, 3]
        .map((seed, i) => {
          const every = [100, 150, 233][i] as number;
          const x0 = Math.floor(at / every) * every;
          const f = (x: number) => 200 + 5 * seed + 30 * Math.sqrt(x / 1000);
          return f(x0) + ((f(x0 + every) - f(x0)) * (at - x0)) / every;
        })
        .reduce((s, v) => s + v) / 3;
    expect(a.mean[k]).toBeCloseTo(expected, 9);
  });
});

describe('evidence runs --reference FILE', () => {
  it('normalizes by random and expert scores from CSV or JSON; bad files name the line', async () => {
    const root = runFolder();
    const dir = tempDir('reference');
    const csv = join(dir, 'scores.csv');
    writeFileSync(csv, 'task,random,expert\nCartPole-v1,0,500\nAcrobot-v1,0,200\n');
    const viaCsv = await runCli([
      'runs',
      root,
      ...PATTERN,
      '--y',
      'ep rew mean',
      '--reference',
      csv,
      '--json',
    ]);
    expect(viaCsv.code, viaCsv.stderr).toBe(0);
    const json = join(dir, 'scores.json');
    writeFileSync(
      json,
      JSON.stringify({ 'CartPole-v1': { random: 0, expert: 500 }, 'Acrobot-v1': [0, 200] }),
    );
    const viaJson = await runCli([
      'runs',
      root,
      ...PATTERN,
      '--y',
      'ep rew mean',
      '--reference',
      json,
      '--json',
    ]);
    const [c, j] = [JSON.parse(viaCsv.stdout).aggregate, JSON.parse(viaJson.stdout).aggregate];
    expect(c.groups).toEqual(j.groups);
    expect(c.normalize).toMatch(/^reference scores from .*scores\.csv \(random = 0, expert = 1\)$/);
    writeFileSync(csv, 'task,random,expert\nCartPole-v1,0,500\nAcrobot-v1,zero,200\n');
    const bad = await runCli(['runs', root, ...PATTERN, '--y', 'ep rew mean', '--reference', csv]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/scores\.csv:3: expected the columns task, random and expert/);
    const both = await runCli(['runs', root, ...PATTERN, '--reference', csv, '--normalize', 'minmax']);
    expect(both.code).toBe(2);
  });
});

describe('evidence runs --help', () => {
  it('is listed by evidence --help and describes itself', async () => {
    expect((await runCli(['--help'])).stdout).toMatch(/^\s+runs\b/m);
    const result = await runCli(['runs', '--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Usage: evidence runs');
    expect(result.stdout).toContain('--normalize');
  });
});
