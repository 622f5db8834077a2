// The full default run as a benchmark: wall time, peak RSS, training episodes per second and the
// before → after mean reward, for several seeds. The baseline, measured in the same run, is training
// alone (no GIFs, curves or report), so the cost of the evidence is the difference.
// Usage: pnpm bench [-- --seeds 1,2,3]   (needs `pnpm build` first; turbo's bench task does it)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

interface CaseResult {
  wallS: number;
  maxRssMb: number;
  episodes: number;
  pre: number;
  post: number;
  ci: [number, number] | null;
  problems: string[];
}

const here = fileURLToPath(new URL('.', import.meta.url));
const seedsFlag = process.argv.indexOf('--seeds');
const seeds = seedsFlag > 0 ? process.argv[seedsFlag + 1]!.split(',').map(Number) : [1, 2, 3];

function runCase(flags: string[]): CaseResult {
  const out = mkdtempSync(join(tmpdir(), 'trainer-bench-'));
  try {
    const stdout = execFileSync(
      process.execPath,
      [join(here, 'case.mjs'), '--quiet', '--out', out, ...flags],
      {
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1' },
      },
    );
    return JSON.parse(stdout.trim().split('\n').at(-1)!) as CaseResult;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

const rows: string[][] = [
  ['case', 'seed', 'wall s', 'peak RSS MB', 'episodes/s', 'pre → post mean', '95% CI of Δ'],
];
for (const seed of seeds) {
  for (const [name, flags] of [
    ['training only (baseline)', ['--no-animations', '--no-curves', '--no-report']],
    ['full default run', []],
  ] as const) {
    const r = runCase(['--seed', String(seed), ...flags]);
    rows.push([
      name,
      String(seed),
      r.wallS.toFixed(2),
      r.maxRssMb.toFixed(0),
      (r.episodes / r.wallS).toFixed(0),
      `${r.pre.toFixed(1)} → ${r.post.toFixed(1)}`,
      r.ci ? `[${r.ci[0].toFixed(1)}, ${r.ci[1].toFixed(1)}]` : '-',
    ]);
    if (r.problems.length > 0) console.error(`seed ${seed} ${name}: ${r.problems.join('; ')}`);
  }
}
const widths = rows[0]!.map((_, c) => Math.max(...rows.map((row) => row[c]!.length)));
for (const row of rows) console.log(row.map((cell, c) => cell.padEnd(widths[c]!)).join('  '));
