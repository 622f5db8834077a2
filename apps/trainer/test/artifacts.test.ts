import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { EvidencePaths, loadCsvLog, readJsonl, TRAINING_LOG_COLUMNS } from '@evidence/csv-log';
import { readRewardHistory } from '@evidence/plots';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  TRAINER_CHECKPOINT_COLUMNS,
  TRAINER_LOG_COLUMNS,
  TRAINER_REWARD_COLUMNS,
} from '../src/evidence/logs.js';
import { type TrainResult, train } from '../src/train.js';
import { jsonschema, schemaErrors, smallConfig, tempDir } from './helpers.js';

const python = spawnSync('/usr/bin/python3', ['-c', 'import PIL'], { encoding: 'utf8' }).status === 0;
if (!python) console.warn('skipping the Pillow check of the GIFs: /usr/bin/python3 with Pillow is missing');

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function nonEmpty(path: string): Buffer {
  expect(existsSync(path), `${path} exists`).toBe(true);
  const bytes = readFileSync(path);
  expect(bytes.length, `${path} is not empty`).toBeGreaterThan(0);
  return bytes;
}

function png(path: string): void {
  expect(nonEmpty(path).subarray(0, 8).equals(PNG), `${path} is a PNG`).toBe(true);
}

function svg(path: string): void {
  expect(nonEmpty(path).toString('utf8')).toMatch(/<svg[\s>]/);
}

// A short run with every kind of evidence on: 3 updates × 4 episodes, GIFs of episodes 0, 5 and 11.
describe('a short run leaves every artifact of the evidence folder', () => {
  let dir: string;
  let paths: EvidencePaths;
  let result: TrainResult;

  beforeAll(async () => {
    dir = tempDir('artifacts');
    paths = new EvidencePaths(dir);
    result = await train(
      smallConfig(dir, ['--animation-episodes', '0', '--animation-every', '5', '--animation-last', '1']),
    );
  });

  it('reports no logging problem', () => {
    expect(result.problems).toEqual([]);
    expect(result.report?.skipped ?? []).toEqual([]);
  });

  it("training_log.csv: one row per update with CartPole's columns, every one filled in every row", async () => {
    const log = await loadCsvLog(paths.trainingLog);
    expect(log.header).toEqual([...TRAINER_LOG_COLUMNS]);
    // the reference's names where they mean something here, so its readers read ours
    for (const column of [
      'step',
      'epoch',
      'loss',
      'reward',
      'reward_std',
      'kl',
      'grad_norm',
      'learning_rate',
    ])
      expect(TRAINING_LOG_COLUMNS).toContain(column);
    expect(log.rowCount).toBe(3);
    expect([...log.numeric('step')]).toEqual([1, 2, 3]);
    for (const column of log.header)
      for (const v of log.numeric(column)) expect(Number.isFinite(v), column).toBe(true);
    for (const v of log.numeric('entropy')) expect(v).toBeGreaterThan(0);
    for (const v of log.numeric('clip_fraction')) expect(v >= 0 && v <= 1).toBe(true);
  });

  it('no log has a column that is empty in every row', async () => {
    for (const path of [paths.trainingLog, paths.rewardComponents, paths.checkpointEvals]) {
      const log = await loadCsvLog(path);
      for (const column of log.header) {
        const filled = log.columns[column]!.some((v) => v !== null && !Number.isNaN(v as number));
        expect(filled, `${path}: ${column}`).toBe(true);
      }
    }
  });

  it('reward_components.csv: CartPole pays 1 a step, so the mean return is the mean length', async () => {
    const log = await loadCsvLog(paths.rewardComponents);
    expect(log.header).toEqual([...TRAINER_REWARD_COLUMNS]);
    expect(log.rowCount).toBe(3);
    expect([...log.numeric('n')]).toEqual([4, 4, 4]);
    expect([...log.numeric('mean_cumulative')]).toEqual([...log.numeric('mean_n_steps')]);
  });

  it('checkpoint_evals.csv: at update 0, every 2 updates and at the end', async () => {
    const log = await loadCsvLog(paths.checkpointEvals);
    expect(log.header).toEqual([...TRAINER_CHECKPOINT_COLUMNS]);
    expect([...log.numeric('step')]).toEqual([0, 2, 3]);
    expect([...log.numeric('fraction_done')]).toEqual([0, 0.6667, 1]);
    expect([...log.numeric('episodes')]).toEqual([3, 3, 3]);
  });

  it('pre_eval.jsonl and post_eval.jsonl: paired episodes in the DESIGN format', async () => {
    const pre = await readJsonl(paths.preEval);
    const post = await readJsonl(paths.postEval);
    expect(pre.records).toHaveLength(6);
    expect(post.records).toHaveLength(6);
    expect(pre.issues.torn).toBeNull();
    pre.records.forEach((record, i) => {
      const steps = record.steps as { action: string; reward: number; x: number; theta: number }[];
      expect(record.cumulative_reward).toBe(steps.length);
      // outcome names that fit CartPole, exactly one of them true
      const outcomes = [record.time_limit, record.pole_fell, record.cart_out];
      for (const outcome of outcomes) expect(typeof outcome).toBe('boolean');
      expect(outcomes.filter(Boolean)).toHaveLength(1);
      expect(record).not.toHaveProperty('solved');
      expect(steps.every((s) => (s.action === 'left' || s.action === 'right') && s.reward === 1)).toBe(true);
      // the state the policy saw beside each action
      for (const s of steps) {
        expect(Object.keys(s)).toEqual(['x', 'x_dot', 'theta', 'theta_dot', 'action', 'reward']);
        expect(Math.abs(s.x)).toBeLessThanOrEqual(2.4);
      }
      expect(post.records[i]!.seed).toBe(record.seed);
    });
  });

  it('the report in report/: charts, metrics with intervals, trajectories, index.html, REPORT.md', () => {
    const report = new EvidencePaths(join(dir, 'report'));
    expect(result.report?.page).toBe(report.indexHtml);
    for (const chart of [
      report.trainingCurvePng,
      report.rewardComponentsPng,
      report.checkpointProgressionPng,
      report.beforeAfterSummaryPng,
      report.rewardDistributionPng,
    ]) {
      png(chart);
    }
    const metrics = JSON.parse(nonEmpty(report.beforeAfterMetrics).toString('utf8'));
    expect(metrics.pre.n).toBe(6);
    expect(metrics.post.mean_reward).toBeCloseTo(result.post.meanReward, 10);
    expect(metrics.ci95.mean_reward).toHaveLength(2);
    expect(nonEmpty(report.sampleTrajectories).toString('utf8')).toMatch(/right|left/);
    const html = nonEmpty(report.indexHtml).toString('utf8');
    expect(html).toMatch(/<html/i);
    expect(html).toContain('<title>CartPole-v1 · PPO · seed 1</title>');
    // no line or panel for what CartPole does not have
    expect(html).not.toContain('exploration and option count');
    nonEmpty(report.reportMd);
    // the trainer's top-level folder holds only the trainer's files
    for (const top of [paths.trainingCurvePng, paths.beforeAfterMetrics, paths.indexHtml])
      expect(existsSync(top), top).toBe(false);
  });

  it.skipIf(!jsonschema)(
    "run.json, the episodes and the metrics validate against @evidence/report's schemas",
    () => {
      expect(schemaErrors('run', [join(dir, 'run.json')])).toEqual([]);
      expect(schemaErrors('episode', [join(dir, 'pre_eval.jsonl'), join(dir, 'post_eval.jsonl')])).toEqual(
        [],
      );
      expect(schemaErrors('metrics', [join(dir, 'report', 'before_after_metrics.json')])).toEqual([]);
    },
  );

  it('run.json: what was trained and how', () => {
    const run = JSON.parse(nonEmpty(join(dir, 'run.json')).toString('utf8'));
    expect(run).toMatchObject({
      environment: 'CartPole-v1',
      algorithm: 'PPO',
      seed: 1,
      status: 'finished',
      budget: { updates: 3, episodes: 12 },
      evaluation: { episodes: 6, policy: 'sampled', paired_start_states: true },
      metrics: { pole_fell: { better: 'lower' }, cart_out: { better: 'lower' } },
    });
    expect(run.metrics.cumulative_reward).toEqual({
      better: 'higher',
      min: 0,
      max: run.hyperparameters.max_steps,
    });
    expect(run.budget.steps).toBeGreaterThanOrEqual(12 * 8);
    expect(run.hyperparameters.clip).toBe(0.2);
    expect(run.command).toContain('--updates 3');
    expect(run.versions.node).toBe(process.version);
    expect(run.wall_time_s).toBeGreaterThan(0);
  });

  it('curves/train: reward curve, entropy, history and its checkpoint; no empty exploration chart', async () => {
    const curves = paths.curvesDir('train');
    for (const stem of ['train_reward_curve', 'train_entropy']) {
      png(join(curves, `${stem}.png`));
      svg(join(curves, `${stem}.svg`));
    }
    // PPO logs no epsilon and no option count: that chart would be an empty frame
    expect(existsSync(join(curves, 'train_training_state.png'))).toBe(false);
    const history = await readRewardHistory(join(curves, 'train_reward_history.json'));
    expect(history.reward_history).toHaveLength(12);
    expect(history.metric_histories.entropy).toHaveLength(12);
    nonEmpty(join(curves, 'train_reward_history_checkpoint.json'));
  });

  it('animations/train: a GIF and its JSON for each scheduled episode', () => {
    const dir = paths.animationsDir('train');
    const files = readdirSync(dir).sort();
    const gifs = files.filter((f) => f.endsWith('.gif'));
    expect(gifs.map((f) => f.slice(0, 'train_episode_0000'.length))).toEqual([
      'train_episode_0000',
      'train_episode_0005',
      'train_episode_0010',
      'train_episode_0011',
    ]);
    for (const gif of gifs) {
      expect(nonEmpty(join(dir, gif)).subarray(0, 6).toString('latin1')).toBe('GIF89a');
      const meta = JSON.parse(nonEmpty(join(dir, gif.replace(/\.gif$/, '.json'))).toString('utf8'));
      expect(meta.actions.length).toBeGreaterThan(0);
      // the default keeps a whole episode (up to 500 steps)
      expect(meta.frames_dropped).toBe(0);
    }
  });

  // An independent decoder (Pillow) reads every GIF: 400×240, one frame per step of the episode.
  it.skipIf(!python && process.env.CI !== 'true')('the GIFs decode in Pillow with one frame per step', () => {
    const dir = paths.animationsDir('train');
    const gifs = readdirSync(dir).filter((f) => f.endsWith('.gif'));
    const script = [
      'import sys, json',
      'from PIL import Image',
      'out = []',
      'for p in sys.argv[1:]:',
      '    im = Image.open(p)',
      '    out.append([im.size[0], im.size[1], im.n_frames])',
      'print(json.dumps(out))',
    ].join('\n');
    const r = spawnSync('/usr/bin/python3', ['-c', script, ...gifs.map((g) => join(dir, g))], {
      encoding: 'utf8',
    });
    expect(r.stderr).toBe('');
    const decoded = JSON.parse(r.stdout) as [number, number, number][];
    gifs.forEach((gif, i) => {
      const meta = JSON.parse(readFileSync(join(dir, gif.replace(/\.gif$/, '.json')), 'utf8'));
      expect(decoded[i]).toEqual([400, 240, meta.episode_reward]);
    });
  });

  it('the run log', () => {
    expect(statSync(result.runLog).size).toBeGreaterThan(0);
    expect(readFileSync(result.runLog, 'utf8')).toMatch(/before training: mean reward/);
  });
});

describe('a GIF cut by --animation-max-frames', () => {
  it('says so in its JSON and in the report caption', async () => {
    const dir = tempDir('cut');
    const result = await train(
      smallConfig(dir, [
        '--updates',
        '1',
        '--animation-episodes',
        '0',
        '--animation-last',
        '0',
        '--animation-every',
        '0',
        '--animation-max-frames',
        '3',
      ]),
    );
    const animations = new EvidencePaths(dir).animationsDir('train');
    const json = readdirSync(animations).find((f) => f.endsWith('.json'))!;
    const meta = JSON.parse(readFileSync(join(animations, json), 'utf8'));
    expect(meta.frame_count).toBe(3);
    expect(meta.frames_dropped).toBe(meta.step_count - 3);
    const html = readFileSync(result.report!.page, 'utf8');
    expect(html).toContain(
      `GIF cut by maxFrames: it shows the first 3 frames; ${meta.frames_dropped} frames of the episode not recorded.`,
    );
  });
});
