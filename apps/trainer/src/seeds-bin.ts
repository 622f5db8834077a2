#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { SEEDS_GROUPS, trainSeeds } from './seeds.js';

const USAGE = `Usage: node apps/trainer/dist/seeds-bin.js [--seeds 1-5] [--out runs] [--updates N]

Trains every seed with two PPO configurations and compares them with the runs report:
${SEEDS_GROUPS.map((g) => `  ${g.name.padEnd(12)} ${g.about}`).join('\n')}
Each run is an evidence folder OUT/CartPole-v1/<configuration>/seed<N>/; the report is OUT/report/index.html.

Options:
  --seeds L     seeds: a range 1-5 or a list 1,2,3 (default 1-5)
  --out DIR     where the runs and the report go (default runs)
  --updates N   PPO updates per run (default 30)
  -h, --help    this help`;

function seedList(text: string): number[] {
  const range = /^(\d+)-(\d+)$/.exec(text.trim());
  const seeds = range
    ? Array.from({ length: Number(range[2]) - Number(range[1]) + 1 }, (_, i) => Number(range[1]) + i)
    : text.split(',').map((s) => Number(s.trim()));
  if (seeds.length < 2 || seeds.some((s) => !Number.isSafeInteger(s) || s < 0 || s > 0xffffffff))
    throw new Error(
      `--seeds: expected at least two whole numbers, as 1-5 or 1,2,3; got ${JSON.stringify(text)}`,
    );
  return seeds;
}

async function main(): Promise<number> {
  let values: { seeds?: string; out?: string; updates?: string; help?: boolean };
  let seeds: number[];
  let updates: number | undefined;
  try {
    const argv = process.argv.slice(2);
    ({ values } = parseArgs({
      // `pnpm seeds -- --seeds 1-3` passes the `--` on
      args: argv[0] === '--' ? argv.slice(1) : argv,
      options: {
        seeds: { type: 'string' },
        out: { type: 'string' },
        updates: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
    seeds = seedList(values.seeds ?? '1-5');
    if (values.updates !== undefined) {
      updates = Number(values.updates);
      if (!Number.isSafeInteger(updates) || updates < 1)
        throw new Error(`--updates: expected a whole number ≥ 1, got ${JSON.stringify(values.updates)}`);
    }
  } catch (error) {
    process.stderr.write(`seeds: ${(error as Error).message} (--help lists the options)\n`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const out = values.out ?? 'runs';
  const log = (line: string) => process.stdout.write(`${line}\n`);
  log(`${seeds.length} seeds × ${SEEDS_GROUPS.length} configurations of CartPole-v1 PPO into ${out}/`);
  const result = await trainSeeds({ seeds, out, ...(updates === undefined ? {} : { updates }), log });
  for (const line of result.runs.brief(SEEDS_GROUPS[0]?.name)) log(line);
  log(`report: ${result.report} (${result.seconds.toFixed(1)} s in all)`);
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`seeds: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
