/**
 * `pnpm bench`: buildReport on a generated evidence folder with a 1,000,000-row training log and
 * 2 × 1,000 evaluation episodes (target: at most 4 s), next to baselines measured in the same run:
 * the report without charts, and the before/after statistics with our bootstrap vs a naive one
 * (copy, sort and summarise every resample). Each case runs in a fresh child process, so its peak
 * RSS (process.resourceUsage().maxRSS) is its own.
 */
import { execFileSync } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readJsonl } from '@evidence/csv-log';
import { iqm, mean, median, mulberry32, probabilityGreater, std } from '@evidence/stats';
import type { EvalRecord } from '../src/index.js';

// What users run: the built package (`pnpm bench` builds it first), not the TypeScript sources.
const library: typeof import('../src/index.js') = await import(
  new URL('../dist/index.js', import.meta.url).href
);
const { buildReport, computeBeforeAfter } = library;
/** P(post > pre), as the report states it. */
const probabilityOfImprovement = (pre: ArrayLike<number>, post: ArrayLike<number>) =>
  probabilityGreater(post, pre);

const TRAINING_ROWS = 1_000_000;
const EPISODES = 1_000;
const RESAMPLES = 10_000;

type CaseName = 'report' | 'report-without-charts' | 'statistics' | 'statistics-naive-bootstrap';
const CASES: { name: CaseName; what: string }[] = [
  { name: 'report', what: 'buildReport: 5 charts, metrics, trajectories, HTML, MD' },
  { name: 'report-without-charts', what: 'baseline: buildReport({ charts: false })' },
  { name: 'statistics', what: `computeBeforeAfter, ${RESAMPLES} resamples` },
  { name: 'statistics-naive-bootstrap', what: `baseline: naive bootstrap, ${RESAMPLES} resamples` },
];

async function writeLines(path: string, count: number, line: (i: number) => string): Promise<void> {
  const out = createWriteStream(path);
  const chunk: string[] = [];
  for (let i = 0; i < count; i++) {
    chunk.push(line(i));
    if (chunk.length === 10_000) {
      if (!out.write(chunk.join('')))
        await new Promise<void>((resolve) => out.once('drain', () => resolve()));
      chunk.length = 0;
    }
  }
  out.write(chunk.join(''));
  await new Promise<void>((resolve, reject) =>
    out.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );
}

/** A seeded evidence folder shaped like the reference trainer's. */
async function generate(dir: string): Promise<void> {
  const random = mulberry32(42);
  await writeLines(join(dir, 'training_log.csv'), TRAINING_ROWS + 1, (i) => {
    if (i === 0) return 'step,epoch,loss,reward,reward_std,kl,grad_norm,learning_rate,wall_time_s\n';
    const progress = i / TRAINING_ROWS;
    return `${i},${(progress * 3).toFixed(4)},${(1 - 0.9 * progress + 0.1 * random()).toFixed(6)},${(
      progress + random() - 0.5
    ).toFixed(
      6,
    )},${(0.4 * random()).toFixed(6)},${(0.01 * random()).toFixed(6)},${random().toFixed(6)},1e-06,${(
      i * 0.01
    ).toFixed(2)}\n`;
  });
  const actions = [
    'request_more_data',
    'scan_mass_window',
    'inspect_channel',
    'fit_background',
    'claim_discovery',
  ];
  const episode = (i: number, skill: number): string => {
    const steps = Array.from({ length: 3 + Math.floor(random() * 10) }, () => ({
      action: { action_type: actions[Math.floor(random() * actions.length)] },
      reward: Math.round((random() - 0.5 + skill * 0.2) * 1e4) / 1e4,
    }));
    const discovered = random() < 0.1 + 0.6 * skill;
    return `${JSON.stringify({
      episode: i,
      cumulative_reward: steps.reduce((sum, s) => sum + s.reward, 0) + (discovered ? 1 : 0),
      discovered,
      correct_mass: discovered && random() < 0.8,
      correct_channel: discovered && random() < 0.7,
      steps,
    })}\n`;
  };
  await writeLines(join(dir, 'pre_eval.jsonl'), EPISODES, (i) => episode(i, 0));
  await writeLines(join(dir, 'post_eval.jsonl'), EPISODES, (i) => episode(i, 1));
}

/** The obvious bootstrap: build each resample as an array and summarise it from scratch. */
function naiveBootstrap(pre: number[], post: number[], resamples: number, seed: number) {
  const random = mulberry32(seed);
  const draw = (values: number[]) =>
    Array.from(values, () => values[Math.floor(random() * values.length)] as number);
  const stats = (v: number[]) => [mean(v), median(v), std(v), iqm(v)];
  const deltas: number[][] = [[], [], [], [], []];
  for (let r = 0; r < resamples; r++) {
    const a = draw(pre);
    const b = draw(post);
    const sa = stats(a);
    const sb = stats(b);
    sa.forEach((value, k) => {
      deltas[k]?.push((sb[k] as number) - value);
    });
    deltas[4]?.push(probabilityOfImprovement(a, b));
  }
  return deltas.map((d) => {
    d.sort((x, y) => x - y);
    return [d[Math.floor(0.025 * (d.length - 1))], d[Math.ceil(0.975 * (d.length - 1))]];
  });
}

interface CaseResult {
  ms: number;
  cpuMs: number;
  maxRssMb: number;
  note: string;
  phases: string[];
}

async function runCase(name: CaseName, dir: string): Promise<CaseResult> {
  const load = async (file: string) => (await readJsonl<EvalRecord>(join(dir, file))).records;
  let note = '';
  let start = 0;
  let cpu = process.cpuUsage();
  const phases: string[] = [];
  if (name === 'report' || name === 'report-without-charts') {
    start = performance.now();
    cpu = process.cpuUsage();
    let last = start;
    const result = await buildReport(dir, {
      charts: name === 'report',
      onProgress: (_done, _total, what) => {
        const now = performance.now();
        phases.push(`${what} ${((now - last) / 1000).toFixed(2)} s`);
        last = now;
      },
    });
    note = `${result.written.length} files written, ${result.issues.length} issues`;
  } else {
    const pre = await load('pre_eval.jsonl');
    const post = await load('post_eval.jsonl');
    start = performance.now();
    cpu = process.cpuUsage();
    if (name === 'statistics') {
      const m = computeBeforeAfter(pre, post, { resamples: RESAMPLES });
      note = `Δ mean ${m.delta.mean_reward?.toFixed(3)} CI [${m.ci95.mean_reward?.map((v) => v.toFixed(3)).join(', ')}]`;
    } else {
      const reward = (records: EvalRecord[]) => records.map((r) => r.cumulative_reward as number);
      const ci = naiveBootstrap(reward(pre), reward(post), RESAMPLES, 0);
      note = `Δ mean CI [${ci[0]?.map((v) => v?.toFixed(3)).join(', ')}]`;
    }
  }
  const ms = performance.now() - start;
  const used = process.cpuUsage(cpu);
  return {
    ms,
    cpuMs: (used.user + used.system) / 1000,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
    note,
    phases,
  };
}

async function main(): Promise<void> {
  const [, , role, name, dir] = process.argv;
  if (role === '--generate') {
    // `tsx bench/run.ts --generate DIR`: only write the generated folder (to profile by hand).
    mkdirSync(name as string, { recursive: true });
    await generate(name as string);
    return;
  }
  if (role === '--case') {
    process.stdout.write(JSON.stringify(await runCase(name as CaseName, dir as string)));
    return;
  }
  const root = mkdtempSync(join(tmpdir(), 'report-bench-'));
  try {
    const dir = join(root, 'evidence');
    mkdirSync(dir);
    const t = performance.now();
    await generate(dir);
    console.log(
      `generated ${TRAINING_ROWS.toLocaleString('en')}-row training log and 2 × ${EPISODES} episodes in ${(
        (performance.now() - t) / 1000
      ).toFixed(1)} s (${dir})`,
    );
    console.log(
      `node ${process.version}, each case in a fresh child process; load average ${loadavg()[0]?.toFixed(1)}\n`,
    );
    console.log(
      `${'case'.padEnd(30)}${'time'.padStart(9)}${'CPU'.padStart(9)}${'peak RSS'.padStart(10)}  what`,
    );
    const self = fileURLToPath(import.meta.url);
    for (const { name, what } of CASES) {
      const out = execFileSync(process.execPath, ['--import', 'tsx', self, '--case', name, dir], {
        encoding: 'utf8',
        maxBuffer: 1 << 20,
      });
      const { ms, cpuMs, maxRssMb, note, phases } = JSON.parse(out) as CaseResult;
      const verdict =
        name === 'report' ? (ms <= 4000 ? '  (target ≤ 4 s: met)' : '  (target ≤ 4 s: MISSED)') : '';
      const seconds = (v: number) => `${(v / 1000).toFixed(2)} s`.padStart(9);
      console.log(
        `${name.padEnd(30)}${seconds(ms)}${seconds(cpuMs)}${`${maxRssMb.toFixed(0)} MB`.padStart(10)}  ${what}; ${note}${verdict}`,
      );
      if (phases.length > 0) console.log(`${''.padEnd(30)}phases: ${phases.join(', ')}`);
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

await main();
