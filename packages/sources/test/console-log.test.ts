/**
 * Console output read as runs, on real files trainers printed (test/fixtures/real/SOURCES.md): pairs on
 * a line, a logger's ASCII tables, several trainings pasted into one file; prose and source are no log.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { printedConfig } from '../src/console-config.js';
import { consoleTable, linePairs } from '../src/console-log.js';
import { discoverRuns } from '../src/index.js';

const real = (name: string) => join(import.meta.dirname, 'fixtures', 'real', 'console', name);
const values = (run: { series: { metric: string; values: Float64Array }[] } | undefined, metric: string) =>
  Array.from(run?.series.find((s) => s.metric === metric)?.values ?? []);

describe('console logs', () => {
  it('reads `Epoch [003/300] - Train Loss: 62.0, Valid Loss: 59.8` lines behind timestamps (cgcnn2)', async () => {
    const { runs, summary } = await discoverRuns(real('cgcnn'));
    expect(runs.map((r) => [r.format, r.x, r.y])).toEqual([['console-log', 'Epoch', 'Valid Loss']]);
    expect(values(runs[0], 'Train Loss').slice(0, 2)).toEqual([145.13359, 71.42647]);
    expect(runs[0]?.series.find((s) => s.metric === 'Valid Loss')?.values.length).toBe(300);
    expect(summary).toMatch(/y Valid Loss 1 \(a loss \(lower is better\)/);
  });

  it('several trainings pasted one after another are a run each (angela: a block per algorithm)', async () => {
    const { runs } = await discoverRuns(real('angela'));
    expect(runs.map((r) => r.run)).toEqual([
      'cartpole.md@line 3',
      'cartpole.md@line 14',
      'cartpole.md@line 22',
      'cartpole.md@line 30',
    ]);
    // the second and the fourth printed one line twice: no counter moved, no value varied
    expect(runs.map((r) => [r.x, r.y])).toEqual([
      ['Steps', 'Avg'],
      ['row', null],
      ['Steps', 'Avg'],
      ['row', null],
    ]);
    expect(values(runs[0], 'Avg')).toEqual([17.86, 23.51, 31.05, 146.42, 195.32]);
    expect(values(runs[0], 'BestAvg')[0]).toBe(Number.NEGATIVE_INFINITY);
  });

  it("a logger's `| key | value |` tables are a row each (baselines HER on stdout)", async () => {
    const { runs } = await discoverRuns(real('her'));
    expect(runs.map((r) => [r.format, r.x, r.y])).toEqual([
      ['console-log', 'train/episode', 'test/success_rate'],
    ]);
    expect(values(runs[0], 'epoch')).toEqual(
      Array.from({ length: values(runs[0], 'epoch').length }, (_, i) => i),
    );
  });

  it('prose, a configuration dump and source code are no log', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'console-'));
    await writeFile(join(dir, 'notes.txt'), 'We trained for 300 epochs with 4 workers.\nIt took 3 hours.\n');
    await writeFile(
      join(dir, 'train.py'),
      'lr = 0.1\nfor step in range(10):\n    print(f"step: {step} loss: {1/step}")\n'.repeat(5),
    );
    await writeFile(join(dir, 'args.txt'), 'lr: 0.001\nbatch: 64\nseed: 3\n');
    const { runs, unread } = await discoverRuns(dir);
    expect(runs).toEqual([]);
    expect(unread.map((u) => u.path).sort()).toEqual(['args.txt', 'notes.txt', 'train.py']);
  });

  it('every printed pair reads back (property): any key, any number, `:`, `=` or spaces, with a total or a unit', () => {
    const key = fc.stringMatching(/^[a-z][a-z_/]{0,8}( [a-z]{1,6})?$/);
    const number = fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 });
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(key, number), { minLength: 2, maxLength: 6, selector: ([k]) => k }),
        fc.constantFrom(': ', '=', ':', '  '),
        fc.constantFrom(', ', '   ', ' | '),
        (pairs, sep, between) => {
          const line = pairs.map(([k, v]) => `${k}${sep}${v}`).join(between);
          expect(linePairs(line)).toEqual(pairs.map(([k, v]) => [k, Number(`${v}`)]));
        },
      ),
    );
    expect(linePairs('step:125/1750 val_loss:4.2932 train_time:12345ms')).toEqual([
      ['step', 125],
      ['val_loss', 4.2932],
      ['train_time', 12345],
    ]);
    expect(consoleTable('step:1 loss:2\nstep:2 loss:1\n')).toBeNull();
  });
  it("the parameters printed above the first table are the run's configuration: its task, and a task folder is no group (HER)", async () => {
    const { runs, summary } = await discoverRuns(real('fetch-logs'));
    const byId = Object.fromEntries(runs.map((r) => [r.id, [r.task, r.group]]));
    expect(byId).toEqual({
      // printed `env_name: FetchReach-v0`
      'Logs/output_256batch_largerbuffer': ['FetchReach-v0', 'Logs'],
      // printed `env_name: FetchPickAndPlace-v1`; its folder names that task, not an experiment
      'Logs/Fetch_Pick_And_Place/openai_run1.txt': ['FetchPickAndPlace-v1', 'Logs'],
      // printed no parameters: its name holds the task another run printed
      'Logs/FetchPickAndPlace_openai.txt': ['FetchPickAndPlace-v1', 'Logs'],
    });
    expect(runs.find((r) => r.id.endsWith('output_256batch_largerbuffer'))?.meta.config).toMatchObject({
      _batch_size: 256,
      n_cycles: 10,
      replay_strategy: 'future',
    });
    expect(summary).toMatch(/path \(the task of other runs\) 1/);
  });

  it("a printed configuration is unindented `key: value` lines (three or more) or argparse's Namespace; source code is none", () => {
    expect(
      printedConfig(['Logging to /tmp/x', 'lr: 0.001', 'env_name: Hopper-v2', 'cuda: True', 'note: None']),
    ).toEqual({
      lr: 0.001,
      env_name: 'Hopper-v2',
      cuda: true,
      note: null,
    });
    expect(printedConfig(["start Namespace(env='Ant-v4', seed=3, sizes=[64, 64], name='a=b, c')"])).toEqual({
      env: 'Ant-v4',
      seed: 3,
      sizes: [64, 64],
      name: 'a=b, c',
    });
    // a dataclass printed above the log, and fewer than three settings, are no configuration
    expect(
      printedConfig([
        'class Hyperparameters:',
        '    lr: float = 0.1',
        '    steps: int = 10',
        '    bs: int = 8',
      ]),
    ).toBeNull();
    expect(printedConfig(['T: 50', 'Epoch: 3'])).toBeNull();
  });
  it('a log that printed its settings once is one training: a counter going back each epoch is an inner loop (DETR)', async () => {
    const { runs } = await discoverRuns(real('detr'));
    expect(runs.map((r) => r.run)).toEqual(['extended.txt']);
    expect(runs[0]?.meta.config).toMatchObject({ batch_size: 16, backbone: 'resnet50', aux_loss: true });
    expect(runs[0]?.issues.join('\n')).not.toMatch(/training of their own/);
  });
});
