import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SEEDS_GROUPS, trainSeeds } from '../src/index.js';

describe('trainSeeds', () => {
  it('trains each seed of both configurations and writes the runs report comparing them', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'trainer-seeds-')), 'runs');
    const lines: string[] = [];
    const result = await trainSeeds({ seeds: [1, 2], out, updates: 2, log: (line) => lines.push(line) });
    const { summary } = result.analysis;
    expect(summary.runs.map((r) => r.path)).toEqual(
      SEEDS_GROUPS.flatMap((g) => [1, 2].map((s) => `CartPole-v1/${g.name}/seed${s}`)),
    );
    expect(Object.keys(summary.tasks)).toEqual(['CartPole-v1']);
    expect(summary.tasks['CartPole-v1']?.budget).toBe(2);
    for (const group of SEEDS_GROUPS)
      expect(summary.tasks['CartPole-v1']?.groups[group.name]?.complete).toBe(2);
    // the 1-epoch runs really ran with one epoch: different numbers from the same seeds
    const finals = summary.runs.map((r) => r.final);
    expect(finals.slice(0, 2)).not.toEqual(finals.slice(2));
    expect(existsSync(result.report)).toBe(true);
    expect(readFileSync(result.report, 'utf8')).toContain('Few runs');
    expect(lines.some((line) => line.startsWith('Few runs'))).toBe(true);
  });
});
