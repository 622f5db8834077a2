import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CurveRecorder, curveRecorderFromEnv, movingAverage, readRewardHistory } from '../src/index.js';
import { parseJsonWithNaN } from '../src/json-nan.js';
import { encodeChart } from '../src/render.js';
import { expectGolden, FIXTURES, tempDir } from './helpers.js';

const PYTHON_HISTORY = join(FIXTURES, 'curves/train/train_reward_history.json');

describe('movingAverage', () => {
  it('ignores non-finite values and matches a direct computation', () => {
    const v = [1, Number.NaN, 3, 5, Number.POSITIVE_INFINITY, 7, Number.NaN, Number.NaN, Number.NaN];
    const direct = v.map((_, i) => {
      const win = v.slice(Math.max(0, i - 2), i + 1).filter(Number.isFinite);
      return win.length ? win.reduce((a, b) => a + b) / win.length : Number.NaN;
    });
    expect(Array.from(movingAverage(v, 3))).toEqual(direct);
  });
});

describe('CurveRecorder', () => {
  it('reads the Python history (with NaN) and writes the same keys and values back', async () => {
    const python = parseJsonWithNaN(readFileSync(PYTHON_HISTORY, 'utf8')) as Record<string, unknown>;
    const dir = tempDir();
    const recorder = await CurveRecorder.fromHistory(PYTHON_HISTORY, { dir, mode: 'train' });
    const written = await recorder.save();
    expect(written.map((p) => p.slice(dir.length + 1)).sort()).toEqual(
      [
        'train_policy_q_loss.png',
        'train_policy_q_loss.svg',
        'train_reward_curve.png',
        'train_reward_curve.svg',
        'train_reward_history.json',
        'train_training_state.png',
        'train_training_state.svg',
      ].sort(),
    );
    const text = readFileSync(join(dir, 'train_reward_history.json'), 'utf8');
    expect(text).toContain('NaN'); // written as Python writes it, and Python can read it back
    const ours = parseJsonWithNaN(text) as Record<string, unknown>;
    expect(Object.keys(ours).sort()).toEqual(Object.keys(python).sort());
    expect(ours).toEqual(python);
  });

  it('charts of the Python history match the golden images', async () => {
    const recorder = await CurveRecorder.fromHistory(PYTHON_HISTORY, { dir: tempDir(), mode: 'train' });
    for (const [stem, chart] of recorder.charts())
      await expectGolden(stem, await encodeChart(chart, 'png', 1));
  });

  it('pads late metrics with NaN, averages over the window, checkpoints every N episodes', async () => {
    const dir = tempDir();
    const recorder = new CurveRecorder({ dir, mode: 'eval', averageWindow: 3, checkpointEvery: 4 });
    const log = (e: number) =>
      recorder.logEpisode(
        e,
        e === 5 ? Number.NaN : e,
        undefined,
        e >= 6 ? { epsilon: 1 - e / 10, q_loss: e * 2 } : {},
      );
    for (let e = 0; e < 3; e++) log(e);
    await recorder.flush();
    expect(existsSync(join(dir, 'eval_reward_history_checkpoint.json'))).toBe(false);
    log(3);
    await recorder.flush();
    expect((await readRewardHistory(join(dir, 'eval_reward_history_checkpoint.json'))).episodes).toBe(4);
    for (let e = 4; e < 10; e++) log(e);
    await recorder.flush();
    const h = recorder.history();
    expect(h.metric_histories.q_loss!.slice(0, 6).every(Number.isNaN)).toBe(true);
    expect(h.metric_histories.q_loss!.slice(6)).toEqual([12, 14, 16, 18]);
    expect(h.average_history[6]).toBe((4 + 6) / 2); // episode 5 is NaN, ignored
    expect(h.best_reward).toBe(9);
    expect(h.final_reward).toBe(9);
    const checkpoint = await readRewardHistory(join(dir, 'eval_reward_history_checkpoint.json'));
    expect(checkpoint.episodes).toBeGreaterThanOrEqual(8); // the latest state when the write ran
    expect(existsSync(join(dir, 'eval_reward_curve.png'))).toBe(false); // checkpoints never render
    const written = await recorder.save();
    expect(written).toContain(join(dir, 'eval_q_loss.svg'));
  });

  it('an empty recorder saves "no data" charts, not a crash', async () => {
    const dir = tempDir();
    const written = await new CurveRecorder({ dir, mode: 'train' }).save();
    expect(readFileSync(join(dir, 'train_reward_curve.svg'), 'utf8')).toContain('no episode logged yet');
    expect(written).toContain(join(dir, 'train_reward_history.json'));
    expect(JSON.parse(readFileSync(join(dir, 'train_reward_history.json'), 'utf8')).best_reward).toBeNull();
  });

  it('the training-state chart draws only the panels that were logged, and is not drawn when none was', () => {
    const panelsOf = (metrics: Record<string, number>) => {
      const recorder = new CurveRecorder({ dir: tempDir(), mode: 'ppo' });
      for (let episode = 0; episode < 5; episode++) recorder.logEpisode(episode, episode, episode, metrics);
      return recorder.charts().get('ppo_training_state')?.panels ?? [];
    };
    const byLabel = (panels: ReturnType<typeof panelsOf>) =>
      panels.map((panel) => [panel.yLabel, panel.series.length, panel.emptyMessage ?? null]);
    // nothing logged: no chart at all (an empty "exploration and option count" frame tells nothing)
    expect(byLabel(panelsOf({ entropy: 0.5 }))).toEqual([]);
    expect(byLabel(panelsOf({ epsilon: 0.1 }))).toEqual([['epsilon', 1, null]]);
    expect(byLabel(panelsOf({ epsilon: 0.1, options: 2 }))).toEqual([
      ['epsilon', 1, null],
      ['options', 1, null],
    ]);
  });

  it('a checkpoint that cannot be written is reported once and never throws into the training loop', async () => {
    const errors: string[] = [];
    const file = join(tempDir(), 'a-file');
    writeFileSync(file, 'not a folder');
    const recorder = new CurveRecorder({
      dir: join(file, 'curves'),
      mode: 'train',
      checkpointEvery: 1,
      onError: (e) => errors.push(e.message),
    });
    for (let e = 0; e < 5; e++) {
      recorder.logEpisode(e, e);
      await recorder.flush();
    }
    expect(errors).toHaveLength(1);
  });

  it('names from user input never climb out of the folder: the mode is refused, a metric name is made a file name', async () => {
    for (const mode of ['../../x', 'a/b', '..', ''])
      expect(() => new CurveRecorder({ dir: tempDir(), mode })).toThrow(
        `CurveRecorder mode ${JSON.stringify(mode)} must be a plain file name part`,
      );
    const dir = join(tempDir(), 'curves');
    const recorder = new CurveRecorder({ dir, mode: 'train' });
    recorder.logEpisode(1, 1, undefined, { '../../escape': 1, 'losses/value': 2 });
    recorder.logEpisode(2, 1.5, undefined, { '../../escape': 2, 'losses/value': 1 });
    await recorder.save();
    expect(readdirSync(dirname(dir))).toEqual(['curves']);
    const files = readdirSync(dir);
    expect(files).toContain('train_.._.._escape.png');
    expect(files).toContain('train_losses_value.png');
  });

  it('a metric file never takes the name of a standard chart or of another metric', async () => {
    const dir = tempDir();
    const recorder = new CurveRecorder({ dir, mode: 'train' });
    const metrics = {
      'losses/value': 1,
      losses_value: 2,
      reward_curve: 3,
      Training_State: 4,
      loss: 5,
      Loss: 6,
    };
    recorder.logEpisode(1, 10, undefined, metrics);
    expect([...recorder.charts().keys()]).toEqual([
      'train_reward_curve',
      'train_losses_value_2',
      'train_losses_value',
      'train_reward_curve_2',
      'train_Training_State_2',
      'train_loss',
      'train_Loss_2',
    ]);
    await recorder.save();
    // the standard reward chart is the recorder's own, not the metric's
    const files = readdirSync(dir);
    expect(files.filter((name) => name.endsWith('.png'))).toHaveLength(7);
    expect(recorder.charts().get('train_reward_curve')?.title).toBe('train: reward over episodes');
    expect(recorder.charts().get('train_reward_curve_2')?.title).toBe('train: reward curve');
  });

  it('curveRecorderFromEnv: directory and checkpoint period from the environment, null when disabled', () => {
    const env = { EVIDENCE_DIR: '/tmp/ev', EVIDENCE_CURVE_CHECKPOINT_EVERY: '7' };
    const recorder = curveRecorderFromEnv('train', { env, averageWindow: 50 });
    expect(recorder?.dir).toBe(join('/tmp/ev/curves', 'train'));
    expect(recorder?.checkpointEvery).toBe(7);
    expect(recorder?.averageWindow).toBe(50);
    expect(curveRecorderFromEnv('train', { env: { EVIDENCE_DISABLE_CURVES: '1' } })).toBeNull();
    expect(curveRecorderFromEnv('train', { env: { RANK: '1', WORLD_SIZE: '2' } })).toBeNull();
    expect(curveRecorderFromEnv('train', { prefix: 'OAK_', env: { OAK_CURVE_DIR: '/x' } })?.dir).toBe(
      '/x/train',
    );
  });
});
