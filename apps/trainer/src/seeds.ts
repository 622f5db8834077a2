/**
 * Several seeds of two trainer configurations, then the runs report that compares them: PPO as it
 * is (4 passes over each batch) against PPO with one pass per batch, the one change measured here.
 * Each run is a full evidence folder `<out>/CartPole-v1/<group>/seed<N>/`; the report goes to `<out>/report/`.
 */
import { isAbsolute, join, relative } from 'node:path';
import { type RunsAnalysis, type RunsReport, runsReport } from '@evidence/report';
import { parseConfig } from './config.js';
import { DEFAULT_PPO, type PpoConfig } from './ppo.js';
import { train } from './train.js';

const TASK = 'CartPole-v1';

export interface SeedsGroup {
  name: string;
  /** what it changes, in words */
  about: string;
  ppo: PpoConfig;
}

export const SEEDS_GROUPS: readonly SeedsGroup[] = [
  { name: 'ppo', about: 'PPO as the trainer runs it: 4 passes (epochs) over each batch', ppo: DEFAULT_PPO },
  {
    name: 'ppo-1-epoch',
    about: 'the same PPO with 1 pass over each batch: every sample is used once',
    ppo: { ...DEFAULT_PPO, epochs: 1 },
  },
];

export interface SeedsOptions {
  seeds: readonly number[];
  out: string;
  /** PPO updates per run (the trainer's default, 30, when absent) */
  updates?: number;
  log?: (line: string) => void;
}

export interface SeedsResult {
  analysis: RunsAnalysis;
  /** the runs report: its text, brief, JSON and page */
  runs: RunsReport;
  report: string;
  seconds: number;
}

export async function trainSeeds(options: SeedsOptions): Promise<SeedsResult> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const reportDir = join(options.out, 'report');
  for (const group of SEEDS_GROUPS) {
    for (const seed of options.seeds) {
      const dir = join(options.out, TASK, group.name, `seed${seed}`);
      const args = [
        '--seed',
        String(seed),
        '--out',
        dir,
        '--quiet',
        '--no-animations',
        '--no-curves',
        '--no-report',
      ];
      if (options.updates !== undefined) args.push('--updates', String(options.updates));
      // 10 evaluation episodes: the comparison uses the training log; the folders stay complete evidence
      args.push('--eval-episodes', '10');
      const config = parseConfig(args, {});
      if (config === 'help') continue;
      const t = performance.now();
      const result = await train({ ...config, ppo: group.ppo });
      const problems = result.problems.length ? ` (${result.problems.length} logging problems)` : '';
      log(`${group.name} seed ${seed}: ${((performance.now() - t) / 1000).toFixed(1)} s${problems}`);
    }
  }
  const shown = relative(process.cwd(), options.out);
  const root = shown === '' ? '.' : shown.startsWith('..') || isAbsolute(shown) ? options.out : shown;
  // each run's run.json declares the reward's range (metrics.reward): the curve bands stay inside it
  const runs = await runsReport(options.out, {
    discover: { pattern: '{task}/{group}/{run}', exclude: reportDir },
    label: root,
    x: 'step',
    y: 'reward',
    seed: 0,
  });
  await runs.write(reportDir);
  for (const line of runs.findings) log(line);
  return {
    analysis: runs.analysis,
    runs,
    report: join(reportDir, 'index.html'),
    seconds: (performance.now() - started) / 1000,
  };
}
