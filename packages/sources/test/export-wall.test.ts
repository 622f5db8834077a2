/**
 * wall_time in the export where the format has no wall clock of its own: the column a log names as a
 * clock in seconds and whose values move forward like one (our wall_time_s, SB3's time/time_elapsed,
 * RLlib's time_total_s, an epoch `timestamp`), never a duration per step.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { discoverRuns, exportCsv } from '../src/index.js';
import { tempDir } from './helpers.js';

/** The export's rows as objects, by header name. */
async function exported(dir: string): Promise<Record<string, string>[]> {
  const found = await discoverRuns(dir);
  const out = join(dir, 'out.csv');
  await exportCsv(found.runs, out);
  const [header, ...lines] = readFileSync(out, 'utf8').trimEnd().split('\n');
  const names = (header as string).split(',');
  return lines.map((line) => Object.fromEntries(line.split(',').map((cell, i) => [names[i], cell])));
}

describe('export: wall_time from a clock column', () => {
  it("our training_log.csv's wall_time_s fills wall_time on every row of the file", async () => {
    const dir = tempDir('wall-evidence');
    mkdirSync(join(dir, 'evidence'));
    writeFileSync(
      join(dir, 'evidence', 'training_log.csv'),
      'step,reward,loss,wall_time_s\n1,0.5,1.2,0.013\n2,0.6,1.1,0.52\n3,0.7,1.0,1.044\n',
    );
    const rows = await exported(dir);
    const reward = rows.filter((r) => r.metric === 'reward');
    expect(reward.map((r) => [r.step, r.wall_time])).toEqual([
      ['1', '0.013'],
      ['2', '0.52'],
      ['3', '1.044'],
    ]);
    expect(rows.every((r) => r.wall_time !== '')).toBe(true);
  });

  it('epoch milliseconds are seconds in wall_time, and preferred over seconds since the start', async () => {
    const dir = tempDir('wall-epoch');
    writeFileSync(
      join(dir, 'metrics.csv'),
      'step,reward,time_elapsed,timestamp\n0,1,0.5,1700000000000\n10,2,1.5,1700000001500\n20,3,2.5,1700000003000\n',
    );
    const rows = (await exported(dir)).filter((r) => r.metric === 'reward');
    expect(rows.map((r) => r.wall_time)).toEqual(['1700000000', '1700000001.5', '1700000003']);
  });

  it('a duration per step, a column going back, or minutes are no clock: wall_time stays empty', async () => {
    const dir = tempDir('wall-none');
    writeFileSync(
      join(dir, 'metrics.csv'),
      'step,reward,time_this_iter_s,elapsed,wall_minutes\n0,1,0.5,3,1\n10,2,0.7,2,2\n20,3,0.6,4,3\n',
    );
    const rows = await exported(dir);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.wall_time === '')).toBe(true);
  });

  it('any non-decreasing, moving wall_time_s is taken as logged (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 2, maxLength: 20 }),
        async (increments) => {
          fc.pre(increments.some((d) => d > 0));
          const times: number[] = [];
          let clock = 0;
          for (const d of increments) {
            clock += d;
            times.push(clock / 1000);
          }
          const dir = tempDir('wall-prop');
          const lines = times.map((t, i) => `${i},${i * 2},${t}`);
          writeFileSync(join(dir, 'log.csv'), `step,reward,wall_time_s\n${lines.join('\n')}\n`);
          const rows = (await exported(dir)).filter((r) => r.metric === 'reward');
          expect(rows.map((r) => Number(r.wall_time))).toEqual(times);
        },
      ),
      { numRuns: 25 },
    );
  });
});
