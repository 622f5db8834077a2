import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { drawStandardCharts, standardCharts } from '../src/index.js';
import { FIXTURES, tempDir } from './helpers.js';

describe('drawStandardCharts', () => {
  it('draws what the folder allows, says why it skipped the rest, and lists bad lines once', async () => {
    const dir = tempDir();
    const log = readFileSync(join(FIXTURES, 'training_log.csv'), 'utf8');
    writeFileSync(join(dir, 'training_log.csv'), `${log}301,3.01`); // a torn last line
    writeFileSync(join(dir, 'checkpoint_evals.csv'), 'step,epoch,kl\n1,0,0.1\n'); // the wrong columns
    const out = tempDir();
    const progress: string[] = [];
    const result = await drawStandardCharts(standardCharts(dir), {
      outputFor: (chart) => join(out, basename(chart.out)),
      onProgress: (done, total, what) => progress.push(`${done}/${total} ${what}`),
    });
    expect(result.written.map((w) => basename(w.path))).toEqual(['training_curve.png']);
    expect(existsSync(join(out, 'training_curve.png'))).toBe(true);
    expect(result.skipped.map((s) => [basename(s.out), s.why])).toEqual([
      ['reward_components.png', 'reward_components.csv is missing'],
      ['before_after_summary.png', 'pre_eval.jsonl and post_eval.jsonl are missing'],
      ['reward_distribution.png', 'pre_eval.jsonl and post_eval.jsonl are missing'],
    ]);
    expect(result.failed.map((f) => basename(f.out))).toEqual(['checkpoint_progression.png']);
    expect(String(result.failed[0]?.error)).toMatch(/checkpoint_evals\.csv: no column "mean_reward"/);
    expect(result.issues).toEqual([
      {
        file: join(dir, 'training_log.csv'),
        line: log.split('\n').length,
        reason: 'last line has no line end (torn by a crash or still being written); not read: "301,3.01"',
      },
    ]);
    expect(progress.at(-1)).toBe('5/5 reward_distribution.png');
    // the trainer's folder got nothing
    expect(existsSync(join(dir, 'training_curve.png'))).toBe(false);
  });

  it('draws from inputs already loaded, and skips a chart whose input is unusable', async () => {
    const dir = tempDir();
    for (const name of ['pre_eval.jsonl', 'post_eval.jsonl', 'training_log.csv'])
      writeFileSync(join(dir, name), readFileSync(join(FIXTURES, name)));
    const out = tempDir();
    const result = await drawStandardCharts(standardCharts(dir), {
      outputFor: (chart) => join(out, basename(chart.out)),
      inputs: {
        csv: async () => null,
        evals: async () => [{ cumulative_reward: 1 }, { cumulative_reward: 2 }],
      },
    });
    expect(result.written.map((w) => basename(w.path))).toEqual([
      'before_after_summary.png',
      'reward_distribution.png',
    ]);
    expect(result.skipped.find((s) => basename(s.out) === 'training_curve.png')?.why).toBe(
      'no usable data in training_log.csv',
    );
  });

  it('a log with rows but no value in any charted column: no chart (an empty frame), skipped with the reason', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'reward_components.csv'), 'step,n,mean_cumulative,mean_terminal\n1,4,,\n2,4,,\n');
    writeFileSync(join(dir, 'training_log.csv'), 'step,reward,loss\n'); // no rows yet: its "no data" chart
    const out = tempDir();
    const result = await drawStandardCharts(standardCharts(dir), {
      outputFor: (chart) => join(out, basename(chart.out)),
    });
    expect(result.failed).toEqual([]);
    expect(result.written.map((w) => basename(w.path))).toEqual(['training_curve.png']);
    expect(result.skipped.find((s) => basename(s.out) === 'reward_components.png')?.why).toMatch(
      /^reward_components\.csv has no values in "mean_cumulative" or "mean_terminal" or/,
    );
    expect(existsSync(join(out, 'reward_components.png'))).toBe(false);
  });
});
