/**
 * The trainer README's `pnpm seeds` lines come from one run of the trainer (too long for a test), but the
 * statistics in them are computed from the runs' logs, which fixtures/trainer-seeds keeps: `evidence runs`
 * on that copy must give every number the README shows.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliRoot, runCli } from './helpers.js';

const repoRoot = join(cliRoot, '..', '..');
const readme = readFileSync(join(repoRoot, 'apps', 'trainer', 'README.md'), 'utf8');

/** The README's number equals `value` as far as the digits it shows go. */
function shows(text: string, value: number): boolean {
  const decimals = text.split('.')[1]?.length ?? 0;
  return Math.abs(Number(text) - value) <= 0.5 * 10 ** -decimals + 1e-12;
}

interface RunsJson {
  tasks: Record<string, { groups: Record<string, { iqm: number; iqm_ci: [number, number] | null }> }>;
  improvement: Record<string, { a: string; b: string; p: number; ci: [number, number]; p_value: number }[]>;
}

describe('the trainer README', () => {
  it("the `pnpm seeds` statistics are what `evidence runs` computes from those runs' logs", async () => {
    const result = await runCli(
      ['runs', 'fixtures/trainer-seeds', '--pattern', '{task}/{group}/{run}', '--json'],
      { cwd: repoRoot },
    );
    expect(result.code, result.stderr).toBe(0);
    const json = JSON.parse(result.stdout) as RunsJson;
    const task = 'CartPole-v1';
    const iqmLines = [
      ...readme.matchAll(/^(\S+): IQM of final reward (\S+) \((?:95% CI \[(\S+), (\S+)\])?/gm),
    ];
    expect(iqmLines.map((m) => m[1])).toEqual(['ppo', 'ppo-1-epoch']);
    for (const [, group, iqm, lo, hi] of iqmLines) {
      const stats = json.tasks[task]!.groups[group!]!;
      expect(shows(iqm!, stats.iqm), `${group} IQM ${iqm} v ${stats.iqm}`).toBe(true);
      if (lo !== undefined) {
        expect(shows(lo, stats.iqm_ci![0]) && shows(hi!, stats.iqm_ci![1]), `${group} CI`).toBe(true);
      }
    }
    const pair = /^P\((\S+) > (\S+)\) = (\S+) \(90% CI \[(\S+), (\S+)\]\).*exact test p = ([\d.]+)/m.exec(
      readme,
    );
    expect(pair).not.toBeNull();
    const [, a, b, p, lo, hi, pValue] = pair!;
    const found = json.improvement[task]!.find((row) => row.a === a && row.b === b)!;
    expect(shows(p!, found.p) && shows(lo!, found.ci[0]) && shows(hi!, found.ci[1])).toBe(true);
    expect(Math.abs(Number(pValue) - found.p_value)).toBeLessThan(1e-6);
  });
});
