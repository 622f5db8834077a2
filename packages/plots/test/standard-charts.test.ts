import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EvidencePaths, loadCsvLog } from '@evidence/csv-log';
import { describe, expect, it } from 'vitest';
import { chartNeeds, standardCharts } from '../src/index.js';
import { FIXTURES, tempDir } from './helpers.js';

const LOGS = [
  'training_log.csv',
  'reward_components.csv',
  'checkpoint_evals.csv',
  'pre_eval.jsonl',
  'post_eval.jsonl',
];

describe('standardCharts: the one list of the charts of an evidence folder', () => {
  it('names each chart, the files it reads and where it goes, as EvidencePaths names them', () => {
    const dir = tempDir();
    const paths = new EvidencePaths(dir);
    const charts = standardCharts(dir);
    expect(charts.map((c) => [c.name, c.source, c.out, c.inputs])).toEqual([
      ['trainingCurve', 'csv', paths.trainingCurvePng, [paths.trainingLog]],
      ['rewardComponents', 'csv', paths.rewardComponentsPng, [paths.rewardComponents]],
      ['checkpointProgression', 'csv', paths.checkpointProgressionPng, [paths.checkpointEvals]],
      ['beforeAfter', 'evals', paths.beforeAfterSummaryPng, [paths.preEval, paths.postEval]],
      ['rewardDistribution', 'evals', paths.rewardDistributionPng, [paths.preEval, paths.postEval]],
    ]);
    expect(charts.map(chartNeeds)).toEqual([
      'training_log.csv',
      'reward_components.csv',
      'checkpoint_evals.csv',
      'pre_eval.jsonl and post_eval.jsonl',
      'pre_eval.jsonl and post_eval.jsonl',
    ]);
    expect(standardCharts(paths).map((c) => c.out)).toEqual(charts.map((c) => c.out));
  });

  it('draw() reads its own inputs and writes its own file', async () => {
    const dir = tempDir();
    for (const name of LOGS) copyFileSync(join(FIXTURES, name), join(dir, name));
    for (const chart of standardCharts(dir)) {
      const written = await chart.draw();
      expect(written).toBe(chart.out);
      expect(readFileSync(written).subarray(1, 4).toString()).toBe('PNG');
    }
  });

  it('draw() takes loaded data, another output (format by extension) and the before/after intervals', async () => {
    const dir = tempDir();
    const [curve, , , beforeAfter] = standardCharts(dir);
    if (curve?.source !== 'csv' || beforeAfter?.source !== 'evals') throw new Error('unexpected order');
    const log = await loadCsvLog(join(FIXTURES, 'training_log.csv'));
    const svg = await curve.draw(log, { out: join(dir, 'curve.svg') });
    expect(readFileSync(svg, 'utf8')).toContain('training step');
    const records = (name: string) =>
      readFileSync(join(FIXTURES, name), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>);
    const out = await beforeAfter.draw(
      { pre: records('pre_eval.jsonl'), post: records('post_eval.jsonl') },
      {
        out: join(dir, 'ba.svg'),
        summary: { pre: { n: 7 }, post: { n: 9 }, delta: {}, ci95: { success_rate: [0.4, 0.8] } },
      },
    );
    const text = readFileSync(out, 'utf8');
    expect(text).toContain('pre (n=7)');
    expect(text).toContain('95% CI of change');
  });
});
