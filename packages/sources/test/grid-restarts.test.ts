/** runGrid: a run's columns and their wall times in one pass; resolveRestarts: the one restart rule. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { discoverRuns, resolveRestarts, runColumns, runGrid } from '../src/index.js';
import { tempDir } from './helpers.js';

const plain = (map: Map<string, Float64Array> | undefined) =>
  map && [...map].map(([name, column]) => [name, Array.from(column)]);

describe('runGrid', () => {
  it("puts each value's wall time in the same row as the value (TensorBoard's CSV downloads)", async () => {
    const dir = join(tempDir('grid'), 'downloads');
    mkdirSync(dir, { recursive: true });
    // as TensorBoard's "Download CSV" writes them: one file per tag, steps that differ between tags
    writeFileSync(
      join(dir, 'run-ppo-tag-reward.csv'),
      'Wall time,Step,Value\n100.5,1,0.5\n101.5,2,0.7\n102.5,4,0.9\n',
    );
    writeFileSync(join(dir, 'run-ppo-tag-loss.csv'), 'Wall time,Step,Value\n200.5,2,3\n201.5,3,2\n');
    const run = (await discoverRuns(dir)).runs[0];
    if (!run) throw new Error('no run');
    const { columns, wallTimes } = runGrid(run);
    expect(plain(columns)).toEqual(plain(runColumns(run)));
    const steps = columns.get(run.x);
    expect(Array.from(steps ?? [])).toEqual([1, 2, 3, 4]);
    const byName = Object.fromEntries(plain(wallTimes) ?? []);
    const reward = run.series.find((s) => s.metric.includes('reward'))?.metric ?? '';
    const loss = run.series.find((s) => s.metric.includes('loss'))?.metric ?? '';
    expect(byName[reward]).toEqual([100.5, 101.5, Number.NaN, 102.5]);
    expect(byName[loss]).toEqual([Number.NaN, 200.5, 201.5, Number.NaN]);
  });

  it('has no wall times when no series logged one, or when not asked', async () => {
    const dir = join(tempDir('grid'), 'run');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'metrics.csv'), 'step,reward\n0,1\n1,2\n');
    const run = (await discoverRuns(dir)).runs[0];
    if (!run) throw new Error('no run');
    expect(runGrid(run).wallTimes).toBeUndefined();
    expect(plain(runGrid(run).columns)).toEqual([
      ['step', [0, 1]],
      ['reward', [1, 2]],
    ]);
  });
});

describe('resolveRestarts', () => {
  it('purges what a step back replaces, leaves out rows without an x, and says where', () => {
    const xs = [0, 1, Number.NaN, 2, 3, 1, 2, 2, 0.5];
    expect(resolveRestarts(xs)).toEqual({
      kept: [0, 8],
      stepBacks: [
        { row: 5, step: 1, previous: 3, purged: 3 },
        { row: 8, step: 0.5, previous: 2, purged: 3 },
      ],
      missingX: 1,
    });
  });

  it('is the rule discovery applies: a restarted CSV keeps the later rows, the restart said', async () => {
    const dir = join(tempDir('restarts'), 'run');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'metrics.csv'), 'step,reward\n0,1\n1,2\n2,3\n1,20\n2,30\n3,40\n');
    const run = (await discoverRuns(dir)).runs[0];
    expect(run?.restarts).toEqual([
      { file: 'metrics.csv', step: 1, previous: 2, purged: 2, kind: 'step-back' },
    ]);
    expect(plain(run && runColumns(run))).toEqual([
      ['step', [0, 1, 2, 3]],
      ['reward', [1, 20, 30, 40]],
    ]);
  });
});
