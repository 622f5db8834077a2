import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { discoverRuns, readTensorboardScalars, tensorboardCsv } from '../src/index.js';
import { type OracleFile, oracleAvailable, tempDir, writeWithOracle } from './helpers.js';

/**
 * Compares our wide CSV with the oracle's: `step`, `wall_time` first, the same tags (the order of tags
 * from different subfolders may differ), the same numbers cell by cell, empty where empty.
 */
function expectSameCsv(ours: string, expected: string): void {
  const rows = (text: string) =>
    text
      .trimEnd()
      .split('\n')
      .map((line) => line.split(','));
  const [ourHeader = [], ...ourRows] = rows(ours);
  const [theirHeader = [], ...theirRows] = rows(expected);
  expect(ourHeader.slice(0, 2)).toEqual(['step', 'wall_time']);
  expect([...ourHeader].sort()).toEqual([...theirHeader].sort());
  expect(ourRows.length).toBe(theirRows.length);
  ourRows.forEach((row, r) => {
    row.forEach((cell, c) => {
      const name = ourHeader[c] as string;
      const theirs = theirRows[r]?.[theirHeader.indexOf(name)] as string;
      if (theirs === '') expect(cell, `row ${r + 1} column ${name}`).toBe('');
      else expect(Number(cell), `row ${r + 1} column ${name}: ${cell} vs ${theirs}`).toBe(Number(theirs));
    });
  });
}

const values = [0.1, 1 / 3, -2.5e-8, 123456.789, 3.4e38, 1e-45, 0];

describe.skipIf(!oracleAvailable)('TensorBoard event files written by an independent Python writer', () => {
  it('reads simple_value and every TF2 tensor encoding; float32 values exact to float32 precision', async () => {
    const dir = tempDir('tb-encodings');
    const kinds = [
      'simple',
      'tensor_float_val',
      'tensor_content_float',
      'tensor_double_val',
      'tensor_content_double',
    ] as const;
    const records = values.map((value, step) => ({
      wall_time: 1_700_000_000.25 + step,
      step: step * 10,
      values: kinds.map((kind) => ({ tag: `enc/${kind}`, kind, value })),
    }));
    const expected = writeWithOracle(dir, [
      { path: join(dir, 'events.out.tfevents.1700000000.host.1.0'), records },
    ]);
    const scalars = await readTensorboardScalars(dir);
    expect(scalars.issues).toEqual([]);
    const csv = tensorboardCsv(scalars);
    expectSameCsv(csv, readFileSync(expected, 'utf8'));
    // float32 cells are the shortest text: 0.1 as logged, not 0.10000000149011612.
    const firstRow = csv.split('\n')[1]?.split(',') ?? [];
    expect(firstRow[2]).toBe('0.1');
    expect(firstRow[5]).toBe('0.1'); // a double 0.1 stays 0.1
    for (const line of csv.trimEnd().split('\n').slice(1)) {
      const cells = line.split(',');
      for (const c of [2, 3, 4]) {
        const number = Number(cells[c]);
        expect(Math.fround(number)).toBe(number === 0 ? 0 : Math.fround(number));
      }
    }
    expect(scalars.series.map((s) => s.metric)).toEqual(kinds.map((kind) => `enc/${kind}`));
    expect(scalars.series[0]?.values[0]).toBe(Math.fround(0.1));
    expect(scalars.series.map((s) => s.float32)).toEqual([true, true, true, false, false]);
  });

  it('reports a corrupted record (file and byte offset), skips it and goes on; reports a torn tail', async () => {
    const dir = tempDir('tb-corrupt');
    const file = join(dir, 'events.out.tfevents.1700000000.host.1.0');
    const records = Array.from({ length: 6 }, (_, i) => ({
      wall_time: 10 + i,
      step: i,
      values: [{ tag: 'loss', kind: 'simple' as const, value: i / 2 }],
      ...(i === 2 ? { corrupt: 'data' as const } : i === 4 ? { corrupt: 'length' as const } : {}),
    }));
    const expected = writeWithOracle(dir, [{ path: file, records, torn_tail: 20 }]);
    const scalars = await readTensorboardScalars(dir);
    expectSameCsv(tensorboardCsv(scalars), readFileSync(expected, 'utf8'));
    expect([...(scalars.series[0]?.steps ?? [])]).toEqual([0, 1, 3, 5]);
    expect(scalars.issues).toHaveLength(3);
    expect(scalars.issues[0]).toMatch(
      /events\.out\.tfevents\.1700000000\.host\.1\.0: byte \d+: record data fails its CRC/,
    );
    expect(scalars.issues[1]).toMatch(
      /byte \d+: record length fails its CRC; skipped \d+ bytes to the next valid record at byte \d+/,
    );
    expect(scalars.issues[2]).toMatch(/byte \d+: torn tail/);
    // The offsets are where the records start: the oracle's records are all the same size here.
    const offsets = scalars.issues.map((issue) => Number(/byte (\d+)/.exec(issue)?.[1]));
    const size = readFileSync(file).length - 20;
    expect(offsets[2]).toBe(size);
  });

  it('merges several event files of one folder (every value kept, a shared step twice) and add_scalars subfolders', async () => {
    const dir = tempDir('tb-merge');
    mkdirSync(join(dir, 'loss_train'));
    mkdirSync(join(dir, 'loss_eval'));
    const files: OracleFile[] = [
      {
        path: join(dir, 'events.out.tfevents.1700000000.host.1.0'),
        records: [0, 1, 2].map((step) => ({
          wall_time: 100 + step,
          step,
          values: [{ tag: 'charts/episodic_return', kind: 'simple', value: step }],
        })),
      },
      {
        // A later file logs step 2 again and goes on: without a SessionLog START both values are kept.
        path: join(dir, 'events.out.tfevents.1700000500.host.2.0'),
        records: [2, 3].map((step) => ({
          wall_time: 600 + step,
          step,
          values: [
            { tag: 'charts/episodic_return', kind: 'simple', value: step * 10 },
            { tag: 'charts/hist', kind: 'histogram' },
            { tag: 'charts/frame', kind: 'image' },
            { tag: 'notes', kind: 'text' },
          ],
        })),
      },
      {
        path: join(dir, 'loss_train', 'events.out.tfevents.1700000001.host.1.1'),
        columns: { loss: 'loss/train' },
        records: [1, 3].map((step) => ({
          wall_time: 700 + step,
          step,
          values: [{ tag: 'loss', kind: 'simple', value: 1 / step }],
        })),
      },
      {
        path: join(dir, 'loss_eval', 'events.out.tfevents.1700000001.host.1.2'),
        columns: { loss: 'loss/eval' },
        records: [3].map((step) => ({
          wall_time: 800,
          step,
          values: [{ tag: 'loss', kind: 'simple', value: 0.75 }],
        })),
      },
    ];
    const expected = writeWithOracle(dir, files);
    const scalars = await readTensorboardScalars(dir);
    expect(scalars.files).toHaveLength(4);
    expectSameCsv(tensorboardCsv(scalars), readFileSync(expected, 'utf8'));
    expect(Object.fromEntries(scalars.skipped)).toEqual({ histograms: 2, images: 2, text: 2 });
    const returns = scalars.series.find((s) => s.metric === 'charts/episodic_return');
    expect([...(returns?.steps ?? [])]).toEqual([0, 1, 2, 2, 3]);
    expect([...(returns?.values ?? [])]).toEqual([0, 1, 2, 20, 30]);
    expect(scalars.issues).toEqual([`${dir}: skipped 2 histograms, 2 images, 2 text (not scalars)`]);
  });

  it('a folder of several runs (SB3 tensorboard_log/PPO_1, PPO_2) asks for one run', async () => {
    const dir = tempDir('tb-runs');
    for (const run of ['PPO_1', 'PPO_2']) mkdirSync(join(dir, run));
    writeWithOracle(
      dir,
      ['PPO_1', 'PPO_2'].map((run) => ({
        path: join(dir, run, 'events.out.tfevents.1700000000.host.1.0'),
        records: [
          { wall_time: 1, step: 1, values: [{ tag: 'rollout/ep_rew_mean', kind: 'simple', value: 1 }] },
        ],
      })),
      false,
    );
    await expect(readTensorboardScalars(dir)).rejects.toThrow(/holds 2 TensorBoard runs \(PPO_1, PPO_2\)/);
    const one = await readTensorboardScalars(join(dir, 'PPO_2'));
    expect(one.series.map((s) => s.metric)).toEqual(['rollout/ep_rew_mean']);
  });
});

describe.skipIf(!oracleAvailable)('TensorBoard runs among other files', () => {
  it('discoverRuns finds each CleanRL run of runs/ (task, group, seed from the name), and a tag named "step" never replaces the step column', async () => {
    const dir = tempDir('tb-cleanrl');
    const runs = ['CartPole-v1__ppo__1__1700000000', 'CartPole-v1__ppo__2__1700000100'];
    for (const run of runs) mkdirSync(join(dir, 'runs', run), { recursive: true });
    writeWithOracle(
      dir,
      runs.map((run, seed) => ({
        path: join(dir, 'runs', run, `events.out.tfevents.170000000${seed}.host.1.0`),
        records: [1, 2].map((step) => ({
          wall_time: step,
          step: step * 100,
          values: [
            { tag: 'charts/episodic_return', kind: 'simple' as const, value: step + seed },
            { tag: 'step', kind: 'simple' as const, value: 7 },
          ],
        })),
      })),
      false,
    );
    const { runs: found, skipped } = await discoverRuns(dir);
    expect(skipped).toEqual([]);
    expect(found.map((run) => [run.format, run.layout, run.path, run.task, run.group, run.run])).toEqual(
      runs.map((run, i) => [
        'tensorboard',
        'cleanrl',
        join(dir, 'runs', run),
        'CartPole-v1',
        'ppo',
        String(i + 1),
      ]),
    );
    const run = found[1];
    const series = (metric: string) => run?.series.find((s) => s.metric === metric);
    expect([...(series('charts/episodic_return')?.steps ?? [])]).toEqual([100, 200]);
    expect([...(series('step')?.values ?? [])]).toEqual([7, 7]);
    expect([...(series('charts/episodic_return')?.values ?? [])]).toEqual([2, 3]);
    expect(run?.y).toBe('charts/episodic_return');
    const csv = tensorboardCsv(await readTensorboardScalars(join(dir, 'runs', runs[0] as string)));
    expect(csv.split('\n')[0]).toBe('step,wall_time,charts/episodic_return,step (tag)');
  });
});

describe.skipIf(!oracleAvailable)('TensorBoard restarts and repeated steps (independent writer)', () => {
  it('keeps every value logged at one step (CleanRL: one episodic_return per finished env)', async () => {
    const dir = tempDir('tb-same-step');
    const records = [100, 100, 100, 200, 200].map((step, i) => ({
      wall_time: 1_700_000_000 + i,
      step,
      values: [{ tag: 'charts/episodic_return', kind: 'simple' as const, value: i + 0.5 }],
    }));
    const expected = writeWithOracle(dir, [
      { path: join(dir, 'events.out.tfevents.1700000000.h.1.0'), records },
    ]);
    const scalars = await readTensorboardScalars(dir);
    expect([...(scalars.series[0]?.values ?? [])]).toEqual([0.5, 1.5, 2.5, 3.5, 4.5]);
    expect(scalars.restarts).toEqual([]);
    const csv = tensorboardCsv(scalars);
    expectSameCsv(csv, readFileSync(expected, 'utf8'));
    expect(csv.trimEnd().split('\n')).toHaveLength(6);
  });

  it("a resumed run (a second SessionLog START, at its checkpoint step in a new file) purges the crashed run's later steps, and says so", async () => {
    const dir = tempDir('tb-restart');
    const first = join(dir, 'events.out.tfevents.1700000000.h.1.0');
    const second = join(dir, 'events.out.tfevents.1700000900.h.2.0');
    const point = (step: number, value: number) => ({
      wall_time: 1_700_000_000 + step,
      step,
      values: [
        { tag: 'rollout/ep_rew_mean', kind: 'simple' as const, value },
        { tag: 'train/loss', kind: 'simple' as const, value: -value },
      ],
    });
    const expected = writeWithOracle(dir, [
      {
        path: first,
        // TF1's Supervisor writes a START at every session start: the run's first one is no restart
        records: [
          { wall_time: 1_700_000_000, step: 0, values: [], session_start: true },
          ...[10, 20, 30, 40].map((s) => point(s, s)),
        ],
      },
      {
        path: second,
        records: [
          { wall_time: 1_700_001_000, step: 20, values: [], session_start: true },
          ...[20, 30].map((s) => point(s, s + 0.5)),
        ],
      },
    ]);
    const scalars = await readTensorboardScalars(dir);
    expectSameCsv(tensorboardCsv(scalars), readFileSync(expected, 'utf8'));
    expect([...(scalars.series[0]?.steps ?? [])]).toEqual([10, 20, 30]);
    expect([...(scalars.series[0]?.values ?? [])]).toEqual([10, 20.5, 30.5]);
    expect(scalars.restarts).toEqual([
      {
        file: 'events.out.tfevents.1700000900.h.2.0',
        step: 20,
        previous: 40,
        purged: 6,
        kind: 'session-start',
      },
    ]);
    expect(scalars.issues.join('\n')).toMatch(
      /events\.out\.tfevents\.1700000900\.h\.2\.0: SessionLog START at step 20: the run restarted; 6 earlier value\(s\)/,
    );
  });

  it("one SessionLog START (torch's purge_step on resume) is the run's first: TensorBoard purges nothing, nor does this", async () => {
    const dir = tempDir('tb-one-start');
    const point = (step: number, value: number) => ({
      wall_time: 1_700_000_000 + step,
      step,
      values: [{ tag: 'loss', kind: 'simple' as const, value }],
    });
    const expected = writeWithOracle(dir, [
      {
        path: join(dir, 'events.out.tfevents.1700000000.h.1.0'),
        records: [10, 20, 30].map((s) => point(s, s)),
      },
      {
        path: join(dir, 'events.out.tfevents.1700000900.h.2.0'),
        records: [{ wall_time: 1_700_001_000, step: 20, values: [], session_start: true }, point(20, 2)],
      },
    ]);
    const scalars = await readTensorboardScalars(dir);
    expectSameCsv(tensorboardCsv(scalars), readFileSync(expected, 'utf8'));
    expect([...(scalars.series[0]?.steps ?? [])]).toEqual([10, 20, 30, 20]);
    expect(scalars.restarts).toEqual([]);
    expect(scalars.issues.join('\n')).toMatch(
      /SessionLog START at step 20 is the run's first \(below step 30 logged before\)/,
    );
  });

  it('TF2 files (brain.Event:2) whose steps go back without START keep every attempt, in file order (Sample Factory restarts)', async () => {
    const dir = tempDir('tb-attempts');
    const files = [0, 1, 2].map((attempt) => ({
      path: join(dir, `events.out.tfevents.170000000${attempt}.h.${attempt}.0`),
      records: [0, 100, 200].map((step) => ({
        wall_time: 1_700_000_000 + attempt * 1000 + step,
        step,
        values: [{ tag: 'reward/reward', kind: 'simple' as const, value: attempt * 10 + step / 100 }],
      })),
    }));
    const expected = writeWithOracle(dir, files);
    const scalars = await readTensorboardScalars(dir);
    expectSameCsv(tensorboardCsv(scalars), readFileSync(expected, 'utf8'));
    // never spliced: each attempt's points stay together, in the order the files were written
    expect([...(scalars.series[0]?.values ?? [])]).toEqual([0, 1, 2, 10, 11, 12, 20, 21, 22]);
    expect(scalars.restarts).toEqual([]);
    expect(scalars.issues.filter((i) => /no SessionLog START/.test(i))).toHaveLength(2);
  });

  it('an old TF1 file (no file_version) purges by steps: an event below the last step purges its own tags; a crashed 40-byte event file is skipped', async () => {
    const root = tempDir('tb-stepback');
    const dir = join(root, 'runs');
    mkdirSync(join(dir, 'good'), { recursive: true });
    mkdirSync(join(dir, 'crashed'));
    const records = [1, 2, 3, 2, 3].map((step, i) => ({
      wall_time: 10 + i,
      step,
      values: [{ tag: 'loss', kind: 'simple' as const, value: i }],
    }));
    // another tag logged at step 5 then never again: the loss going back to 2 does not purge it
    records.splice(3, 0, {
      wall_time: 12.5,
      step: 5,
      values: [{ tag: 'lr', kind: 'simple' as const, value: 9 }],
    });
    const expected = writeWithOracle(root, [
      { path: join(dir, 'good', 'events.out.tfevents.1.h'), records, file_version: null },
    ]);
    const scalars = await readTensorboardScalars(join(dir, 'good'));
    expectSameCsv(tensorboardCsv(scalars), readFileSync(expected, 'utf8'));
    expect([...(scalars.series[0]?.values ?? [])]).toEqual([0, 3, 4]);
    expect([...(scalars.series[1]?.values ?? [])]).toEqual([9]);
    expect(scalars.restarts).toEqual([
      { file: 'events.out.tfevents.1.h', step: 2, previous: 5, purged: 2, kind: 'step-back' },
    ]);
    // the same records in a brain.Event:2 file: nothing purged (TensorBoard waits for a START)
    const v2 = join(root, 'v2');
    mkdirSync(v2);
    const expectedV2 = writeWithOracle(v2, [{ path: join(v2, 'events.out.tfevents.1.h'), records }]);
    const kept = await readTensorboardScalars(v2);
    expectSameCsv(tensorboardCsv(kept), readFileSync(expectedV2, 'utf8'));
    expect([...(kept.series[0]?.values ?? [])]).toEqual([0, 1, 2, 3, 4]);
    // A run that crashed right after SummaryWriter() opened: the file_version record alone.
    writeWithOracle(root, [{ path: join(dir, 'crashed', 'events.out.tfevents.2.h'), records: [] }], false);
    const discovery = await discoverRuns(dir);
    expect(discovery.runs.map((run) => run.id)).toEqual(['good']);
    expect(discovery.skipped).toEqual([{ path: 'crashed', why: 'no scalars logged' }]);
  });
});

describe.skipIf(!oracleAvailable)('TensorBoard hparams (independent writer)', () => {
  it("torch's add_hparams (a subfolder of the run): the hyper-parameters become the run's config", async () => {
    const root = tempDir('tb-hparams');
    const run = join(root, 'runs', 'lr-sweep-1');
    mkdirSync(join(run, '1700000100.5'), { recursive: true });
    writeWithOracle(
      root,
      [
        {
          path: join(run, 'events.out.tfevents.1700000000.h.1.0'),
          records: [1, 2].map((step) => ({
            wall_time: 1_700_000_000 + step,
            step,
            values: [{ tag: 'charts/episodic_return', kind: 'simple' as const, value: step }],
          })),
        },
        {
          path: join(run, '1700000100.5', 'events.out.tfevents.1700000100.h.1.1'),
          records: [
            {
              wall_time: 1_700_000_100,
              step: 0,
              values: [
                {
                  tag: '_hparams_/session_start_info',
                  kind: 'hparams' as const,
                  hparams: { lr: 0.0003, optimizer: 'adam', clip: true, seed: 3 },
                },
              ],
            },
          ],
        },
      ],
      false,
    );
    const scalars = await readTensorboardScalars(run);
    expect(scalars.hparams).toEqual({ lr: 0.0003, optimizer: 'adam', clip: true, seed: 3 });
    const { runs } = await discoverRuns(join(root, 'runs'));
    expect(runs.map((r) => [r.id, r.meta.config])).toEqual([
      ['lr-sweep-1', { lr: 0.0003, optimizer: 'adam', clip: true, seed: 3 }],
    ]);
    expect(runs[0]?.series.map((s) => s.metric)).toEqual(['charts/episodic_return']);
  });
});

describe('the wide CSV keeps its memory to the values read', () => {
  it('20,000 tags each at a step of its own: refused before building, naming the numbers (was 400 million cells)', () => {
    const series = Array.from({ length: 20_000 }, (_, step) => ({
      metric: `tag/${step}`,
      source: 'events.out.tfevents.1',
      steps: Float64Array.of(step),
      wallTimes: Float64Array.of(1.5),
      values: Float64Array.of(0.5),
      float32: true,
    }));
    expect(() => tensorboardCsv({ series })).toThrow(
      /^at least 20000 tags over 20000 steps: a table of 400,000,000 cells for 20000 values, more than 64 cells per value past 8,000,000; export the long form instead/,
    );
  });

  it('a dense table past the free cells is written: 9 tags at 1,000,000 steps', () => {
    const steps = Float64Array.from({ length: 1_000_000 }, (_, i) => i);
    const series = Array.from({ length: 9 }, (_, tag) => ({
      metric: `t${tag}`,
      source: 'e',
      steps,
      wallTimes: steps,
      values: steps,
      float32: false,
    }));
    expect(tensorboardCsv({ series }).length).toBeGreaterThan(9_000_000);
  });
});
