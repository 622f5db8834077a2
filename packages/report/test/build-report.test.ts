import { appendFileSync, cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildReport, compareEvalFiles, computeBeforeAfter } from '../src/index.js';
import { FIXTURE, fixtureCopy, readFixtureJsonl } from './helpers.js';

const read = (dir: string, file: string): string => readFileSync(join(dir, file), 'utf8');

describe('buildReport on the reference trainer folder', async () => {
  const dir = fixtureCopy();
  const progress: string[] = [];
  const result = await buildReport(dir, {
    resamples: 1000,
    onProgress: (done, total, what) => progress.push(`${done}/${total} ${what}`),
  });

  it('writes the metrics, the trajectories, index.html and REPORT.md', () => {
    for (const file of ['before_after_metrics.json', 'sample_trajectories.md', 'index.html', 'REPORT.md']) {
      expect(result.written).toContain(join(dir, file));
      expect(existsSync(join(dir, file))).toBe(true);
    }
    expect(progress.at(-1)).toMatch(/^(\d+)\/\1 REPORT\.md$/);
  });

  it('before_after_metrics.json is the computed statistics', () => {
    const json = JSON.parse(read(dir, 'before_after_metrics.json'));
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

  it('index.html is self-contained: every image inline, no external reference', () => {
    const html = read(dir, 'index.html');
    const sources = [...html.matchAll(/<img[^>]*\ssrc="([^"]*)"/g)].map((m) => m[1] as string);
    const charts = result.written.filter((path) => path.endsWith('.png'));
    expect(sources.length).toBe(3 + 3 + charts.length); // 3 GIFs, 3 curve pictures, the charts drawn now
    for (const src of sources) expect(src).toMatch(/^data:image\/(png|gif|svg\+xml);base64,/);
    expect(html).not.toMatch(/<link|<script|\shref="https?:/);
    // the GIFs carry their episode and reward from the .json beside them
    expect(html).toContain('train: episode 199, reward 189.5, average 183, 80 steps, solved');
  });

  it('shows the headline numbers, the checkpoint table and the skipped episode record', () => {
    const html = read(dir, 'index.html');
    expect(html).toContain('0.04579 → 1.033');
    expect(html).toContain('<td>300</td><td>1</td><td>24</td><td>0.597779</td>');
    expect(result.skipped.map((s) => s.what)).toContain(
      'animations/train/train_episode_0003_reward_-2_avg_5.json',
    );
    expect(html).toContain('No frames were captured for this episode');
  });

  it('REPORT.md references images by relative paths that exist', () => {
    const md = read(dir, 'REPORT.md');
    const targets = [...md.matchAll(/!\[[^\]]*\]\(([^)]+)\)/g)].map((m) => decodeURI(m[1] as string));
    expect(targets.length).toBe(6 + result.written.filter((path) => path.endsWith('.png')).length);
    for (const target of targets) expect(existsSync(join(dir, target)), target).toBe(true);
    expect(md).toMatch(/\| Mean reward \| 0\.04579 \[[^\]]+\] \| 1\.033 \[[^\]]+\] \| \+0\.9873 \|/);
  });
});

describe('buildReport on partial and broken folders', () => {
  it('a folder with only a training log still gets a report that says what is missing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'report-only-log-'));
    cpSync(join(FIXTURE, 'training_log.csv'), join(dir, 'training_log.csv'));
    const result = await buildReport(dir);
    expect(result.metrics).toBeNull();
    expect(result.written).toContain(join(dir, 'index.html'));
    expect(result.written).toContain(join(dir, 'REPORT.md'));
    expect(existsSync(join(dir, 'before_after_metrics.json'))).toBe(false);
    const skipped = Object.fromEntries(result.skipped.map((s) => [s.what, s.why]));
    expect(skipped['pre_eval.jsonl']).toBe('not found');
    expect(skipped['before/after statistics']).toMatch(/needs both/);
    const html = read(dir, 'index.html');
    expect(html).toContain('Training reward');
    expect(html).toContain('<strong>pre_eval.jsonl</strong>: not found');
  });

  it('charts it does not draw but finds in the folder are shown and marked as such', async () => {
    const dir = fixtureCopy();
    const result = await buildReport(dir, { charts: false, resamples: 100 });
    expect(result.skipped).toContainEqual({
      what: 'training_curve.png',
      why: 'charts turned off; showing the file already there',
    });
    const html = read(dir, 'index.html');
    expect(html).toContain('Training reward and loss (existing file, not redrawn)');
    expect(read(dir, 'REPORT.md')).toContain('(training_curve.png)');
  });

  it('odd logs (empty file, header only, no step column, empty JSONL) are skipped or drawn, never fatal', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'report-odd-'));
    writeFileSync(join(dir, 'training_log.csv'), '');
    writeFileSync(join(dir, 'reward_components.csv'), 'step,n,mean_cumulative\n');
    writeFileSync(join(dir, 'checkpoint_evals.csv'), 'mean_reward,success_rate\n0.5,0.25\n0.75,0.5\n');
    writeFileSync(join(dir, 'pre_eval.jsonl'), '');
    cpSync(join(FIXTURE, 'post_eval.jsonl'), join(dir, 'post_eval.jsonl'));
    const result = await buildReport(dir, { resamples: 100 });
    expect(result.metrics).toBeNull();
    const skipped = Object.fromEntries(result.skipped.map((s) => [s.what, s.why]));
    expect(skipped['pre_eval.jsonl']).toMatch(/no usable evaluation episode/);
    expect(skipped['training_log.csv']).toBe('no data rows');
    expect(skipped['reward_components.csv']).toBe('no data rows');
    expect(result.written).toContain(join(dir, 'index.html'));
    // every chart is either drawn or skipped with a reason
    for (const chart of ['training_curve.png', 'reward_components.png', 'checkpoint_progression.png']) {
      const drawn = result.written.includes(join(dir, chart));
      expect(drawn || typeof skipped[chart] === 'string', chart).toBe(true);
    }
    expect(read(dir, 'index.html')).toContain('<td>0.75</td><td>0.5</td>');
  });

  it('GIFs beyond maxEmbedBytes are linked, not embedded', async () => {
    const dir = fixtureCopy();
    await buildReport(dir, { resamples: 100, charts: false, maxEmbedBytes: 0 });
    const html = read(dir, 'index.html');
    expect(html).not.toContain('data:image/gif');
    expect(html).toContain('<a href="animations/train/train_episode_0199_reward_189_avg_183.gif">');
  });

  it('an empty folder gets a report; a missing folder is a clear error', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'report-empty-'));
    const result = await buildReport(dir);
    expect(result.skipped.length).toBeGreaterThanOrEqual(5);
    await expect(buildReport(join(dir, 'nope'))).rejects.toThrow(/nope: not a folder/);
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

    const html = read(dir, 'index.html');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; |pipe|');
    // In Markdown a code span is the escape: its content is shown verbatim, never parsed as HTML.
    const md = read(dir, 'REPORT.md');
    expect(md).toContain('0. `` <script>alert("x")</script> & |pipe| **bold** `tick` `` → 1');
    expect(md.replace(/(`+) .*? \1/g, '')).not.toContain('<script>');
    const trajectories = read(dir, 'sample_trajectories.md');
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
        reason: 'expected a finite number in "cumulative_reward", got null',
      },
    ]);
    await expect(compareEvalFiles(join(dir, 'empty.jsonl'), join(dir, 'post_eval.jsonl'))).rejects.toThrow(
      /empty\.jsonl: no usable evaluation episode/,
    );
  });
});
