/**
 * `evidence report` on a folder of evidence runs (`pnpm seeds`' layout: <task>/<configuration>/seed<N>/,
 * each a whole evidence folder) and on a mix of evidence runs and an SB3 log folder: exit 0, one overlay
 * per metric with a line per run.
 */
import { cpSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { copyFixture, runCli, tempDir } from './helpers.js';

const SB3_FIXTURES = fileURLToPath(new URL('../../../packages/sources/test/fixtures/sb3', import.meta.url));

const overlays = (dir: string): string[] =>
  readdirSync(dir).filter((name) => /^overlay-\d+-.*\.svg$/.test(name));

describe('report on a folder of evidence runs', () => {
  it('pnpm seeds’ layout, then the same runs beside an SB3 folder: exit 0, an overlay per metric', async () => {
    const root = tempDir('report-evidence-runs');
    const runs = join(root, 'runs');
    for (const group of ['ppo', 'ppo-1-epoch'])
      for (const seed of [1, 2])
        cpSync(copyFixture(), join(runs, 'CartPole-v1', group, `seed${seed}`), { recursive: true });
    const seeds = await runCli(['report', runs]);
    expect(seeds.code, seeds.stderr).toBe(0);
    expect(seeds.stdout).toMatch(/^found 4 runs \(evidence log\) in \d+ groups?; charting (\d+) metrics/);
    const metrics = Number(/charting (\d+) metrics/.exec(seeds.stdout)?.[1]);
    expect(overlays(join(runs, 'report'))).toHaveLength(metrics);

    cpSync(SB3_FIXTURES, join(runs, 'sb3'), { recursive: true });
    const mixed = await runCli(['report', runs]);
    expect(mixed.code, mixed.stderr).toBe(0);
    expect(mixed.stdout).toMatch(/^found 5 runs \(.*SB3.*evidence log\)/);
    const more = Number(/charting (\d+) metrics/.exec(mixed.stdout)?.[1]);
    expect(more).toBeGreaterThan(metrics);
    expect(overlays(join(runs, 'report'))).toHaveLength(more);
  });
});
