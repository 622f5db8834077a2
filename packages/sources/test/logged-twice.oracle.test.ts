/**
 * One training run logged twice (Lightning's CSVLogger beside its TensorBoardLogger, a copied run
 * folder) is one run: found from the values, the event file written by the Python oracle.
 */
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { discoverRuns, listRuns } from '../src/index.js';
import { oracleAvailable, tempDir, writeWithOracle } from './helpers.js';

const losses = (seed: number) => Array.from({ length: 12 }, (_, i) => Math.fround(2 / (i + 1) + seed / 100));

/** logs/csv_logs/version_0/metrics.csv and logs/tb_logs/version_0/events…: the same values. */
function lightningTwice(dir: string, seed: number, name = 'version_0'): void {
  const values = losses(seed);
  const csv = join(dir, 'logs', 'csv_logs', name);
  mkdirSync(csv, { recursive: true });
  // the CSV holds the float64 print of each float32 loss, as Lightning writes a tensor's .item()
  writeFileSync(
    join(csv, 'metrics.csv'),
    `epoch,step,train_loss\n${values.map((v, i) => `0,${i * 50 + 49},${v}`).join('\n')}\n`,
  );
  const tb = join(dir, 'logs', 'tb_logs', name);
  mkdirSync(tb, { recursive: true });
  writeWithOracle(
    tb,
    [
      {
        path: join(tb, `events.out.tfevents.170000000${seed}.host.1.0`),
        records: values.map((value, i) => ({
          wall_time: 1_700_000_000 + i,
          step: i * 50 + 49,
          values: [
            { tag: 'train_loss', kind: 'simple', value },
            { tag: 'epoch', kind: 'simple', value: 0 },
          ],
        })),
      },
    ],
    false,
  );
}

describe.skipIf(!oracleAvailable)('one run logged twice', () => {
  it('a CSV log and an event file holding the same values are one run, the other listed as skipped', async () => {
    const dir = tempDir('twice');
    lightningTwice(dir, 1);
    const { runs, skipped } = await discoverRuns(dir);
    expect(runs).toHaveLength(1);
    expect(skipped).toEqual([
      {
        path: expect.stringMatching(/^logs\/(csv|tb)_logs\/version_0$/),
        why: expect.stringMatching(
          /^the same run as logs\/(csv|tb)_logs\/version_0, logged twice \(its train_loss holds the same values, point for point\)$/,
        ),
      },
    ]);
    // every command asks the same question: a discovery that keeps no series finds the same run
    const bare = await discoverRuns(dir, { metrics: [] });
    expect(bare.runs.map((r) => r.id)).toEqual(runs.map((r) => r.id));
    const cut = await discoverRuns(dir, { downsample: 2 });
    expect(cut.runs.map((r) => r.id)).toEqual(runs.map((r) => r.id));
  });

  it("two seeds logged twice each are two runs; a copy of one log stays (a copy is the user's to remove)", async () => {
    const dir = tempDir('twice-seeds');
    lightningTwice(dir, 1, 'version_0');
    lightningTwice(dir, 2, 'version_1');
    cpSync(join(dir, 'logs', 'csv_logs', 'version_1'), join(dir, 'logs', 'csv_logs', 'version_1_copy'), {
      recursive: true,
    });
    const { runs, skipped } = await discoverRuns(dir);
    expect(runs).toHaveLength(3);
    expect(skipped.map((s) => s.why)).toEqual(Array(2).fill(expect.stringMatching(/^the same run as /)));
    expect(new Set(runs.map((r) => r.series.find((s) => s.metric === 'train_loss')?.values[0]))).toEqual(
      new Set([losses(1)[0], losses(2)[0]]),
    );
    expect(runs.filter((r) => r.id.endsWith('version_1_copy')).map((r) => r.format)).toEqual(
      runs.filter((r) => r.id === 'logs/csv_logs/version_1').map((r) => r.format),
    );
  });

  it('runs that share a few points or one repeated value stay apart', async () => {
    const dir = tempDir('twice-not');
    for (const [name, values] of [
      ['a', [1, 2]],
      ['b', [1, 2]],
      ['c', [5, 5, 5, 5]],
      ['d', [5, 5, 5, 5]],
    ] as const) {
      mkdirSync(join(dir, name));
      writeFileSync(
        join(dir, name, 'progress.csv'),
        `step,reward\n${values.map((v, i) => `${i},${v}`).join('\n')}\n`,
      );
    }
    const { runs } = await discoverRuns(dir);
    expect(runs).toHaveLength(4);
    expect((await listRuns(dir)).runs).toHaveLength(4);
  });
});
