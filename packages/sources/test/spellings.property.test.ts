/**
 * A sweep read the same whatever its folders are called and whatever order its columns come in: seed
 * folders spelled `seed_1`, `s1`, `1` or `run-1`, columns shuffled, give the same runs, groups, x and y.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { discoverRuns } from '../src/index.js';
import { tempDir } from './helpers.js';

const root = tempDir('spellings');
afterAll(() => rmSync(root, { recursive: true, force: true }));

const COLUMNS = ['timestep', 'episode', 'total_timesteps', 'episode_reward', 'loss', 'fps'];
const cell = (column: string, row: number, seed: number): string =>
  ({
    timestep: String(row * 100),
    episode: String(Math.floor(row / 2)),
    total_timesteps: '1000',
    episode_reward: row === 0 ? '' : String(row * seed),
    loss: String(1 / (row + 1)),
    fps: String(300 + ((row * 7) % 11)),
  })[column] as string;

let n = 0;
describe('the same sweep, spelled differently', () => {
  it('gives the same runs, groups, x and y (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          (s: number) => `seed_${s}`,
          (s: number) => `s${s}`,
          (s: number) => `${s}`,
          (s: number) => `run-${s}`,
        ),
        fc.shuffledSubarray(COLUMNS, { minLength: COLUMNS.length }),
        async (spell, columns) => {
          const dir = join(root, `t${n++}`);
          for (const algo of ['ppo', 'dqn'])
            for (const seed of [1, 2, 3]) {
              const folder = join(dir, algo, spell(seed));
              mkdirSync(folder, { recursive: true });
              const rows = [columns.join(',')];
              for (let r = 0; r < 8; r++) rows.push(columns.map((c) => cell(c, r, seed)).join(','));
              writeFileSync(join(folder, 'progress.csv'), `${rows.join('\n')}\n`);
            }
          const { runs } = await discoverRuns(dir);
          expect(runs.map((r) => [r.group, r.task, r.x, r.y])).toEqual([
            ...Array(3).fill(['dqn', 'all', 'timestep', 'episode_reward']),
            ...Array(3).fill(['ppo', 'all', 'timestep', 'episode_reward']),
          ]);
          expect(runs.map((r) => r.id.split('/')[0])).toEqual(['dqn', 'dqn', 'dqn', 'ppo', 'ppo', 'ppo']);
        },
      ),
      { numRuns: 16 },
    );
  });
});
