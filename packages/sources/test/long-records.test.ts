/**
 * Long-format JSON records told apart by content: a text column of few values in blocks names the group,
 * the x going back to its start begins the next run (Dopamine's published baselines, test/fixtures/real).
 */
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { discoverRuns } from '../src/index.js';
import { longRecords } from '../src/long-records.js';

describe('long-format JSON records', () => {
  it("Dopamine's pong.json: 6 agents × 5 runs of 199 iterations, the game from the file's name", async () => {
    const { runs, skipped } = await discoverRuns(join(import.meta.dirname, 'fixtures', 'real', 'long-json'));
    expect(skipped).toEqual([]);
    expect(runs).toHaveLength(30);
    const agents = ['DQN', 'C51', 'Rainbow', 'IQN', 'Quantile (JAX)', 'DQN (Adam + MSE in JAX)'];
    expect(runs.map((r) => r.group)).toEqual(agents.flatMap((agent) => Array(5).fill(agent)));
    expect(runs.map((r) => r.run).slice(0, 5)).toEqual(['DQN 1', 'DQN 2', 'DQN 3', 'DQN 4', 'DQN 5']);
    expect(new Set(runs.map((r) => `${r.task} ${r.x} ${r.y}`))).toEqual(new Set(['Pong Iteration Value']));
    // read by Python's json: DQN's first run starts at -20.333…, ends at 17.460… (iteration 198); the second starts at -20.316…
    const values = (i: number) => Array.from(runs[i]?.series.find((s) => s.metric === 'Value')?.values ?? []);
    expect(values(0)).toHaveLength(199);
    expect([values(0)[0], values(0)[198], values(1)[0]]).toEqual([
      -20.333333333333332, 17.46078431372549, -20.316176470588236,
    ]);
  });

  it('blocks and passes are found whatever the names, and a text column that comes back is no block (property)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.stringMatching(/^[A-Za-z][A-Za-z ()+]{0,12}$/), { minLength: 2, maxLength: 5 }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 6, max: 12 }),
        (names, passes, length) => {
          const records = names.flatMap((name) =>
            Array.from({ length: passes * length }, (_, i) => ({
              it: i % length,
              value: ((i * 7) % 5) - 2.5,
              who: name,
            })),
          );
          const blocks = longRecords(records);
          expect(blocks?.map((b) => [b.group, b.runs.length])).toEqual(names.map((n) => [n, passes]));
          for (const block of blocks ?? []) for (const run of block.runs) expect(run).toHaveLength(length);
          // the same names interleaved (a phase column) make no blocks
          const interleaved = records.map((r, i) => ({ ...r, who: names[i % names.length] }));
          expect(longRecords(interleaved)).toBeNull();
        },
      ),
    );
  });
});
