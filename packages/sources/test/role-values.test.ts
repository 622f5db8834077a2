import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { discoverRuns, sniffX, sniffY } from '../src/index.js';

const cols = (entries: Record<string, number[]>) =>
  new Map(Object.entries(entries).map(([k, v]) => [k, Float64Array.from(v)] as const));
const range = (n: number, f: (i: number) => number) => Array.from({ length: n }, (_, i) => f(i));

describe('x and y from the values', () => {
  it('never takes a constant counter as x: the next that counts up is taken, the refusal said', () => {
    const x = sniffX(
      cols({
        total_timesteps: range(10, () => 5000),
        episode: range(10, (i) => i),
        reward: range(10, (i) => i * 2.5),
      }),
    );
    expect(x.name).toBe('episode');
    expect(x.refused).toEqual(['total_timesteps is constant (5000 in every row)']);
  });

  it('takes a counter its name announces in any spelling (`timestep`, `numSteps`), steps before episodes and epochs', () => {
    expect(sniffX(cols({ epoch: range(5, (i) => i), timestep: range(5, (i) => i * 100) })).name).toBe(
      'timestep',
    );
    expect(sniffX(cols({ Episode: range(5, (i) => i), numSteps: range(5, (i) => i * 7) })).name).toBe(
      'numSteps',
    );
  });

  it('a counter that goes up and down is no x; a resumed one (one step back) still is', () => {
    const steps = [0, 1, 2, 0, 1, 2, 0, 1, 2, 3];
    expect(sniffX(cols({ steps, epoch: range(10, (i) => i) })).name).toBe('epoch');
    expect(
      sniffX(cols({ steps: [0, 10, 20, 30, 20, 30, 40, 50, 60, 70], epoch: range(10, (i) => i) })).name,
    ).toBe('steps');
  });

  it('an epoch repeated over each batch row ranks after a dense counter of any kind', () => {
    const epoch = range(100, (i) => Math.floor(i / 25));
    expect(sniffX(cols({ epoch, wall_time: range(100, (i) => 1.7e9 + i * 0.3) })).name).toBe('wall_time');
  });

  it('a column no name announces counts only as an index does: from zero up by one step; a rising return does not', () => {
    expect(sniffX(cols({ 'Unnamed: 0': range(6, (i) => i), score: range(6, (i) => i * 3) })).name).toBe(
      'Unnamed: 0',
    );
    expect(sniffX(cols({ J: [-900, -780, -660, -540], value: [1, 4, 9, 16] })).name).toBeNull();
  });

  it('y: an empty or constant return is refused for the next measure; time is never a y', () => {
    const y = sniffY(
      cols({
        reward: range(8, () => Number.NaN),
        success_rate: range(8, () => 0),
        accuracy: range(8, (i) => i / 8),
        data_time: range(8, (i) => i),
      }),
    );
    expect(y.name).toBe('accuracy');
    expect(y.refused).toEqual(['reward is empty', 'success_rate is constant (0 in every row)']);
    expect(sniffY(cols({ time: range(8, (i) => i), lr: range(8, (i) => 1 / (i + 1)) })).name).toBeNull();
  });

  it('y: a loss only when nothing better is logged, and said to be lower-is-better; evaluation before training', () => {
    const y = sniffY(
      cols({ train_loss: range(8, (i) => 1 / (i + 1)), val_loss: range(8, (i) => 2 / (i + 1)) }),
    );
    expect(y.name).toBe('val_loss');
    expect(y.why).toMatch(/lower is better/);
    expect(y.runnerUp).toBe('train_loss');
  });

  it('y: a return that never changed is still the y (a run that did not learn), never a loss in its place', () => {
    const y = sniffY(
      cols({ episode_reward_mean: range(8, () => -21), total_loss: range(8, (i) => 1 / (i + 1)) }),
    );
    expect(y.name).toBe('episode_reward_mean');
    expect(y.why).toBe('a return, constant (-21 in every row): it never changed');
  });

  it('y: a column logged twice in hundreds of rows is mostly missing', () => {
    const sparse = range(300, (i) => (i === 10 || i === 200 ? i : Number.NaN));
    const y = sniffY(cols({ eval_return: sparse, episode_return: range(300, (i) => Math.sin(i)) }));
    expect(y.name).toBe('episode_return');
    expect(y.refused).toEqual(['eval_return has 2 values in 300 rows']);
  });

  it('the same x and y whatever the order of the columns (property)', () => {
    const table = {
      step: range(20, (i) => i * 10),
      episode: range(20, (i) => Math.floor(i / 3)),
      total_timesteps: range(20, () => 200),
      episode_reward: range(20, () => Number.NaN),
      eval_score: range(20, (i) => i % 7),
      loss: range(20, (i) => 1 / (i + 1)),
      fps: range(20, (i) => 100 + i),
    };
    const names = Object.keys(table) as (keyof typeof table)[];
    fc.assert(
      fc.property(fc.shuffledSubarray(names, { minLength: names.length }), (order) => {
        const shuffled = new Map(order.map((n) => [n, Float64Array.from(table[n])] as const));
        expect(sniffX(shuffled).name).toBe('step');
        expect(sniffY(shuffled, ['step']).name).toBe('eval_score');
      }),
    );
  });

  it('discoverRuns says why, in its summary, and every command then reads the same x and y (metrics or not)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'roles-'));
    const rows = ['timestep,total_timesteps,episode_reward,loss,time'];
    for (let i = 0; i < 12; i++) rows.push(`${i * 100},5000,,${1 / (i + 1)},${i * 0.5}`);
    await writeFile(join(dir, 'log.csv'), `${rows.join('\n')}\n`);
    const whole = await discoverRuns(dir);
    expect([whole.runs[0]?.x, whole.runs[0]?.y]).toEqual(['timestep', 'loss']);
    expect(whole.summary).toMatch(
      /x timestep 1 \(steps, counting up over every row; runner-up time; total_timesteps is constant \(5000 in every row\)\); y loss 1 \(a loss \(lower is better\): nothing else is logged; episode_reward is empty\)/,
    );
    const cut = await discoverRuns(dir, { metrics: ({ y }) => (y ? [y] : []) });
    expect([cut.runs[0]?.x, cut.runs[0]?.y]).toEqual(['timestep', 'loss']);
    expect(cut.runs[0]?.series.map((s) => s.metric)).toEqual(['loss']);
  });

  it('a run whose return is empty keeps the y of the runs like it, and says so', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'shared-y-'));
    for (const trial of ['a', 'b', 'c']) {
      const rows = ['timesteps_total,episode_reward_mean,total_loss'];
      for (let i = 1; i <= 6; i++) rows.push(`${i * 100},${trial === 'c' ? '' : i * 2},${1 / i}`);
      await mkdir(join(dir, trial));
      await writeFile(join(dir, trial, 'log.csv'), `${rows.join('\n')}\n`);
    }
    const { runs } = await discoverRuns(dir);
    expect(runs.map((r) => r.y)).toEqual([
      'episode_reward_mean',
      'episode_reward_mean',
      'episode_reward_mean',
    ]);
    expect(runs[2]?.why?.y).toMatch(/the y of 2 of 3 runs like it/);
  });
});
