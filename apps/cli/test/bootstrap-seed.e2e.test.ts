import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { runCli, tempDir } from './helpers.js';

const trainerBin = fileURLToPath(new URL('../../trainer/src/bin.ts', import.meta.url));

/** The metrics JSON the trainer's report wrote: in the folder, or in its report/ subfolder. */
function trainerMetrics(dir: string): Record<string, unknown> {
  const file = [
    join(dir, 'report', 'before_after_metrics.json'),
    join(dir, 'before_after_metrics.json'),
  ].find(existsSync);
  if (!file) throw new Error(`no before_after_metrics.json in ${dir}`);
  return JSON.parse(readFileSync(file, 'utf8'));
}

it('re-running `evidence report` on a trainer folder reproduces its published intervals exactly', async () => {
  const dir = join(tempDir('seed'), 'evidence');
  // a tiny real training run (from source, like `pnpm start`), with a training seed that is not the bootstrap's
  execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      trainerBin,
      ...[
        '--seed',
        '7',
        '--updates',
        '1',
        '--batch',
        '2',
        '--eval-episodes',
        '12',
        '--checkpoint-episodes',
        '2',
      ],
      ...['--max-steps', '60', '--no-animations', '--no-curves', '--quiet', '--out', dir],
    ],
    { stdio: 'pipe', timeout: 240_000 },
  );
  const published = trainerMetrics(dir);
  const rerun = await runCli(['report', dir, '--json']);
  expect(rerun.code).toBe(0);
  const { metrics } = JSON.parse(rerun.stdout);
  for (const key of ['ci95', 'pre_ci95', 'post_ci95', 'p_improvement_ci95', 'bootstrap', 'pairing']) {
    expect(metrics[key], key).toEqual(published[key]);
  }
  expect(metrics.bootstrap.seed).toBe(0);
  expect(metrics.pairing.paired).toBe(true); // the trainer evaluates before and after from the same seeds
});
