import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildReport, compareEvalFiles, computeBeforeAfter, NothingToReportError } from '../src/index.js';
import { FIXTURE, fixtureCopy, hashTree, readFixtureJsonl } from './helpers.js';

const read = (dir: string, file: string): string => readFileSync(join(dir, file), 'utf8');

describe('buildReport on the reference trainer folder', async () => {
  const dir = fixtureCopy();
  const before = hashTree(dir);
  const progress: string[] = [];
  const result = await buildReport(dir, {
    resamples: 1000,
    onProgress: (done, total, what) => progress.push(`${done}/${total} ${what}`),
  });
  const out = join(dir, 'report');

  it('writes the metrics, the trajectories, index.html and REPORT.md into <dir>/report', () => {
    expect(result.out).toBe(out);
    expect(result.page).toBe(join(out, 'index.html'));
    for (const file of ['before_after_metrics.json', 'sample_trajectories.md', 'index.html', 'REPORT.md']) {
      expect(result.written).toContain(join(out, file));
      expect(existsSync(join(out, file))).toBe(true);
    }
    for (const path of result.written) expect(path.startsWith(`${out}/`), path).toBe(true);
    expect(progress.at(-1)).toMatch(/^(\d+)\/\1 REPORT\.md$/);
  });

  it('leaves every file the trainer wrote byte-identical (its charts, metrics JSON, trajectories)', () => {
    const after = hashTree(dir);
    for (const [file, hash] of before) expect(after.get(file), file).toBe(hash);
    const added = [...after.keys()].filter((file) => !before.has(file));
    for (const file of added) expect(file.startsWith('report/'), file).toBe(true);
  });

  it('says run.json is missing, and names the run by its folder', () => {
    expect(result.run.state).toBe('missing');
    const html = read(out, 'index.html');
    expect(html).toContain('No run.json in this folder');
    expect(read(out, 'REPORT.md')).toContain('No run.json in this folder');
  });

  it('links the raw logs', () => {
    const html = read(out, 'index.html');
    for (const log of ['training_log.csv', 'pre_eval.jsonl', 'post_eval.jsonl', 'checkpoint_evals.csv'])
      expect(html).toContain(`<a href="../${log}">${log}</a>`);
  });

  it('before_after_metrics.json is the computed statistics', () => {
    const json = JSON.parse(read(out, 'before_after_metrics.json'));
    const expected = computeBeforeAfter(
      readFixtureJsonl('pre_eval.jsonl'),
      readFixtureJsonl('post_eval.jsonl'),
      {
        resamples: 1000,
      },
    );
    expect(json).toEqual(JSON.parse(JSON.stringify(expected)));
    expect(result.metrics).toEqual(expected);
  });

  it('index.html is light: every image a linked file that exists, nothing inline, no external reference', () => {
    const html = read(out, 'index.html');
    const sources = [...html.matchAll(/<img[^>]*\ssrc="([^"]*)"/g)].map((m) => m[1] as string);
    const charts = result.written.filter((path) => path.endsWith('.png'));
    expect(sources.length).toBe(3 + 3 + charts.length); // 3 GIFs, 3 curve pictures, the charts drawn now
    for (const src of sources) expect(existsSync(join(out, decodeURIComponent(src))), src).toBe(true);
    expect(html).not.toMatch(/(src|href)="data:/); // the page script and uPlot may say "data:" in their code
    expect(html.length).toBeLessThan(200_000); // with uPlot (~55 kB) and the line charts' embedded data
    // scripts only inline (uPlot and the page's own), nothing loaded from elsewhere
    expect(html).not.toMatch(/<link|<script[^>]*\ssrc=|\s(href|src)="(https?:)?\/\//);
    // the GIFs carry their episode and reward from the .json beside them, and open full size
    expect(html).toContain('train: episode 199, reward 189.5, average 183, 80 steps, solved');
    expect(html).toContain('<a href="../animations/train/train_episode_0199_reward_189_avg_183.gif">');
  });

  it('shows the headline numbers, the checkpoint table and the skipped episode record', () => {
    const html = read(out, 'index.html');
    expect(html).toContain('0.04579 → 1.033');
    expect(html).toContain('<td>300</td><td>1</td><td>24</td><td>0.597779</td>');
    expect(result.skipped.map((s) => s.what)).toContain(
      'animations/train/train_episode_0003_reward_-2_avg_5.json',
    );
    expect(html).toContain('No frames were captured for this episode');
  });

  it('REPORT.md references images by relative paths that exist', () => {
    const md = read(out, 'REPORT.md');
    const targets = [...md.matchAll(/!\[[^\]]*\]\(([^)]+)\)/g)].map((m) => decodeURI(m[1] as string));
    expect(targets.length).toBe(6 + result.written.filter((path) => path.endsWith('.png')).length);
    for (const target of targets) expect(existsSync(join(out, target)), target).toBe(true);
    expect(md).toMatch(/\| Mean reward \| 0\.04579 \[[^\]]+\] \| 1\.033 \[[^\]]+\] \| \+0\.9873 \|/);
  });
});

describe('buildReport on partial and broken folders', () => {
  it('a folder with only a training log still gets a report that says what is missing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'report-only-log-'));
    cpSync(join(FIXTURE, 'training_log.csv'), join(dir, 'training_log.csv'));
    const result = await buildReport(dir);
    const out = join(dir, 'report');
    expect(result.metrics).toBeNull();
    expect(result.written).toContain(join(out, 'index.html'));
    expect(result.written).toContain(join(out, 'REPORT.md'));
    expect(existsSync(join(out, 'before_after_metrics.json'))).toBe(false);
    const skipped = Object.fromEntries(result.skipped.map((s) => [s.what, s.why]));
    expect(skipped['pre_eval.jsonl']).toBe('not found');
    expect(skipped['before/after statistics']).toMatch(/needs both/);
    const html = read(out, 'index.html');
    expect(html).toContain('Training reward');
    expect(html).toContain('<strong>pre_eval.jsonl</strong>: not found');
  });

  it("charts it does not draw are the trainer's, shown and marked as such", async () => {
    const dir = fixtureCopy();
    const progress: string[] = [];
    const result = await buildReport(dir, {
      charts: false,
      resamples: 100,
      onProgress: (done, total) => progress.push(`${done}/${total}`),
    });
    expect(progress.at(-1)).toBe('11/11');
    expect(result.skipped).toContainEqual({
      what: 'report/training_curve.png',
      why: "charts turned off; showing the trainer's training_curve.png",
    });
    const html = read(join(dir, 'report'), 'index.html');
    expect(html).toContain('Training reward and loss (the trainer&#39;s file, not redrawn)');
    expect(read(join(dir, 'report'), 'REPORT.md')).toContain('(../training_curve.png)');
  });

  it('odd logs (empty file, header only, no step column, empty JSONL) are skipped or drawn, never fatal', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'report-odd-'));
    writeFileSync(join(dir, 'training_log.csv'), '');
    writeFileSync(join(dir, 'reward_components.csv'), 'step,n,mean_cumulative\n');
    writeFileSync(
      join(dir, 'checkpoint_evals.csv'),
      'mean_reward,success_rate,mass_acc\n0.5,0.25,\n0.75,0.5,\n',
    );
    writeFileSync(join(dir, 'pre_eval.jsonl'), '');
    cpSync(join(FIXTURE, 'post_eval.jsonl'), join(dir, 'post_eval.jsonl'));
    const result = await buildReport(dir, { resamples: 100 });
    const out = join(dir, 'report');
    expect(result.metrics).toBeNull();
    const skipped = Object.fromEntries(result.skipped.map((s) => [s.what, s.why]));
    expect(skipped['pre_eval.jsonl']).toMatch(/no usable evaluation episode/);
    expect(skipped['training_log.csv']).toBe('no data rows');
    expect(skipped['reward_components.csv']).toBe('no data rows');
    expect(result.written).toContain(join(out, 'index.html'));
    // every chart is either drawn or skipped with a reason
    for (const chart of ['training_curve.png', 'reward_components.png', 'checkpoint_progression.png']) {
      const drawn = result.written.includes(join(out, chart));
      expect(drawn || typeof skipped[`report/${chart}`] === 'string', chart).toBe(true);
    }
    // a column empty in every row (mass_acc) is not shown
    const html = read(out, 'index.html');
    expect(html).toContain('<tr><th>mean_reward</th><th>success_rate</th></tr>');
    expect(html).toContain('<td>0.75</td><td>0.5</td></tr>');
  });

  it('a chart whose every series is missing is not drawn, and the page says why', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'report-no-values-'));
    cpSync(join(FIXTURE, 'training_log.csv'), join(dir, 'training_log.csv'));
    writeFileSync(join(dir, 'reward_components.csv'), 'step,n,mean_cumulative,mean_terminal\n1,4,,\n2,4,,\n');
    const result = await buildReport(dir);
    const skipped = Object.fromEntries(result.skipped.map((s) => [s.what, s.why]));
    expect(skipped['report/reward_components.png']).toMatch(/reward_components\.csv has no values in/);
    expect(existsSync(join(dir, 'report', 'reward_components.png'))).toBe(false);
    expect(read(join(dir, 'report'), 'index.html')).not.toContain('alt="Reward components"');
  });

  it('--inline: one self-contained page, every image a data URI', async () => {
    const dir = fixtureCopy();
    await buildReport(dir, { resamples: 100, charts: false, inline: true });
    const html = read(join(dir, 'report'), 'index.html');
    const sources = [...html.matchAll(/<img[^>]*\ssrc="([^"]*)"/g)].map((m) => m[1] as string);
    expect(sources.length).toBe(3 + 3 + 5);
    for (const src of sources) expect(src).toMatch(/^data:image\/(png|gif|svg\+xml);base64,/);
  });

  it('an empty folder: nothing to report, nothing written; a missing folder is a clear error', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'report-empty-'));
    writeFileSync(join(dir, 'notes.txt'), 'not evidence');
    const error = await buildReport(dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NothingToReportError);
    expect((error as Error).message).toMatch(
      /nothing to report \(looked for training_log\.csv, .*pre_eval\.jsonl.*animations\/, \*monitor\.csv and progress\.csv \(Stable-Baselines3\), events\.out\.tfevents\.\* .*; found none\)/,
    );
    expect(readdirSync(dir)).toEqual(['notes.txt']);
    await expect(buildReport(join(dir, 'nope'))).rejects.toThrow(/nope: not a folder/);
  });

  it("--out into the evidence folder itself: never over the trainer's files; a second report replaces its own", async () => {
    const dir = fixtureCopy();
    const before = hashTree(dir);
    const first = await buildReport(dir, { out: dir, resamples: 100 });
    const after = hashTree(dir);
    for (const [file, hash] of before) expect(after.get(file), file).toBe(hash);
    expect(first.skipped).toContainEqual({
      what: 'training_curve.png',
      why: expect.stringMatching(/a file this report did not write is already there; left as it is/),
    });
    expect(first.written).toContain(join(dir, 'index.html'));
    // the trainer's own charts are still shown, as the trainer's
    expect(read(dir, 'index.html')).toContain(
      '<img src="training_curve.png" alt="Training reward and loss (the trainer',
    );
    const second = await buildReport(dir, { out: dir, resamples: 100 });
    expect(second.written).toContain(join(dir, 'index.html'));
    expect(second.skipped.map((s) => s.what)).not.toContain('index.html');
  });

  it('run.json names the run and is shown whole; a broken one is said so', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'report-run-'));
    cpSync(join(FIXTURE, 'training_log.csv'), join(dir, 'training_log.csv'));
    const run = {
      environment: 'CartPole-v1',
      algorithm: 'PPO',
      seed: 7,
      budget: { updates: 30, episodes: 300, steps: 41234 },
      hyperparameters: { policy_lr: 0.003, clip: 0.2 },
      evaluation: { episodes: 50, policy: 'sampled', paired_start_states: true },
      command: 'node apps/trainer/dist/bin.js --seed 7',
      versions: { node: 'v20.0.0' },
      git_commit: 'abc1234',
      wall_time_s: 12.5,
      metrics: { pole_fell: { better: 'lower' } },
      notes: 'x'.repeat(5000),
    };
    writeFileSync(join(dir, 'run.json'), JSON.stringify(run));
    const result = await buildReport(dir);
    expect(result.run.state).toBe('found');
    const html = read(join(dir, 'report'), 'index.html');
    expect(html).toContain('<title>CartPole-v1 · PPO · seed 7</title>');
    for (const cell of [
      '<td>budget.steps</td><td>41234</td>',
      '<td>evaluation.paired_start_states</td><td>true</td>',
      '<td>git_commit</td><td>abc1234</td>',
      '<td>metrics.pole_fell</td><td>{&quot;better&quot;:&quot;lower&quot;}</td>',
      '<td>command</td><td>node apps/trainer/dist/bin.js --seed 7</td>',
    ])
      expect(html).toContain(cell);
    expect(html).toContain('… 4700 more characters');
    expect(html).toContain('<a href="../run.json">run.json</a>');
    const md = read(join(dir, 'report'), 'REPORT.md');
    expect(
      md.startsWith('# CartPole\\-v1 · PPO · seed 7\n') || md.startsWith('# CartPole-v1 · PPO · seed 7\n'),
    ).toBe(true);

    writeFileSync(join(dir, 'run.json'), '{"environment": ');
    const broken = await buildReport(dir);
    expect(broken.run.state).toBe('invalid');
    expect(read(join(dir, 'report'), 'index.html')).toContain('run.json could not be read: not valid JSON');
  });

  it('caps text from the logs: a 200 kB action does not make a big REPORT.md', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'report-huge-'));
    const huge = 'A'.repeat(200_000);
    const line = (reward: number) =>
      JSON.stringify({ cumulative_reward: reward, steps: [{ action: huge, reward: 1 }] });
    writeFileSync(join(dir, 'pre_eval.jsonl'), `${line(1)}\n${line(2)}\n`);
    writeFileSync(join(dir, 'post_eval.jsonl'), `${line(3)}\n${line(4)}\n`);
    await buildReport(dir, { resamples: 100 });
    const out = join(dir, 'report');
    for (const file of ['REPORT.md', 'index.html', 'sample_trajectories.md']) {
      const text = read(out, file);
      expect(text.length, file).toBeLessThan(40_000);
      expect(text, file).toContain('… 199700 more characters');
    }
  });

  it('sample trajectories: the state beside each action, where the episode ended, singular and plural right', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'report-states-'));
    const episode = (length: number, ending: 'time_limit' | 'pole_fell') =>
      JSON.stringify({
        cumulative_reward: length,
        time_limit: ending === 'time_limit',
        pole_fell: ending === 'pole_fell',
        cart_out: false,
        steps: Array.from({ length }, (_, t) => ({
          action: t % 2 ? 'left' : 'right',
          reward: 1,
          x: t / 100,
          theta: -t / 1000,
        })),
      });
    writeFileSync(join(dir, 'pre_eval.jsonl'), `${episode(1, 'pole_fell')}\n${episode(20, 'pole_fell')}\n`);
    writeFileSync(
      join(dir, 'post_eval.jsonl'),
      `${episode(500, 'time_limit')}\n${episode(11, 'pole_fell')}\n`,
    );
    await buildReport(dir, { resamples: 100 });
    const md = read(join(dir, 'report'), 'REPORT.md');
    expect(md).toContain('Every step shown rewards 1.');
    expect(md).toContain('- reward **1** · 1 step, ended: pole_fell');
    expect(md).toContain('- reward **500** · 500 steps, ended: time_limit');
    expect(md).toContain('  - step 0: `right` · x 0, theta 0');
    expect(md).toContain('  - … 490 more steps');
    expect(md).toContain('  - step 499: `left` · x 4.99, theta -0.499');
    expect(md).toContain('  - … 1 more step');
    expect(read(join(dir, 'report'), 'sample_trajectories.md')).toContain(
      '  - step 0: `right` → reward `1.0` · x 0, theta 0',
    );
    const html = read(join(dir, 'report'), 'index.html');
    expect(html).toContain('1 step, ended: pole_fell');
    expect(html).not.toMatch(/[^0-9]1 steps/);
  });

  it('bad lines are listed with their line numbers and log text is escaped', async () => {
    const dir = fixtureCopy();
    const evil = '<script>alert("x")</script> & |pipe| **bold** `tick`';
    const episode = {
      cumulative_reward: 99,
      discovered: true,
      correct_mass: true,
      correct_channel: true,
      steps: [{ action: { action_type: evil }, reward: 1 }],
    };
    appendFileSync(
      join(dir, 'post_eval.jsonl'),
      `${JSON.stringify(episode)}\n{"cumulative_reward": "high"}\nnot json\n{"torn`,
    );
    appendFileSync(join(dir, 'training_log.csv'), '301,3.01,0.1\n');
    const result = await buildReport(dir, { resamples: 200 });
    const lines = result.issues.map((i) => `${relative(dir, i.file)}:${i.line}`);
    expect(lines).toEqual(
      expect.arrayContaining([
        'post_eval.jsonl:42',
        'post_eval.jsonl:43',
        'post_eval.jsonl:44',
        'training_log.csv:302',
      ]),
    );
    expect(result.issues.find((i) => i.line === 42)?.reason).toMatch(
      /expected a finite number in "cumulative_reward", got "high"/,
    );
    expect(result.metrics?.post.n).toBe(41);

    const html = read(join(dir, 'report'), 'index.html');
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; |pipe|');
    // In Markdown a code span is the escape: its content is shown verbatim, never parsed as HTML.
    const md = read(join(dir, 'report'), 'REPORT.md');
    expect(md).toContain('- step 0: `` <script>alert("x")</script> & |pipe| **bold** `tick` `` → 1');
    expect(md.replace(/(`+) .*? \1/g, '')).not.toContain('<script>');
    const trajectories = read(join(dir, 'report'), 'sample_trajectories.md');
    expect(trajectories).toContain(
      '- step 0: `` <script>alert("x")</script> & |pipe| **bold** `tick` `` → reward `1.0`',
    );
  });

  it('compareEvalFiles reports bad lines and fails only when a side has no usable episode', async () => {
    const dir = fixtureCopy();
    writeFileSync(join(dir, 'empty.jsonl'), '\n');
    appendFileSync(join(dir, 'pre_eval.jsonl'), '{"cumulative_reward": NaN}\n');
    const metrics = await compareEvalFiles(join(dir, 'pre_eval.jsonl'), join(dir, 'post_eval.jsonl'), {
      resamples: 100,
    });
    expect(metrics.pre.n).toBe(40);
    expect(metrics.issues).toEqual([
      {
        file: join(dir, 'pre_eval.jsonl'),
        line: 41,
        reason: 'expected a finite number in "cumulative_reward", got NaN',
      },
    ]);
    await expect(compareEvalFiles(join(dir, 'empty.jsonl'), join(dir, 'post_eval.jsonl'))).rejects.toThrow(
      /empty\.jsonl: no usable evaluation episode/,
    );
  });
});
