/**
 * `pnpm bench`: `evidence report` on a folder with a 1,000,000-row training log and 2 × 1,000 evaluation
 * episodes. Each case runs in a fresh child process; wall time is measured here, peak RSS inside the child
 * (process.resourceUsage().maxRSS, written at exit by a preloaded hook). Target: report ≤ 4 s.
 * Baselines in the same run: Node reading and splitting the same input files (the I/O floor), and
 * `evidence --version` (the cost of starting the command).
 */
import { spawnSync } from 'node:child_process';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const TRAINING_ROWS = 1_000_000;
const EPISODES = 1_000;
const TARGET_SECONDS = 4;
const bin = fileURLToPath(new URL('../dist/bin.js', import.meta.url));

async function generate(dir: string): Promise<void> {
  const out = createWriteStream(join(dir, 'training_log.csv'));
  out.write('step,epoch,loss,reward,reward_std,kl,grad_norm,learning_rate,wall_time_s\n');
  let chunk = '';
  for (let step = 1; step <= TRAINING_ROWS; step++) {
    const t = step / TRAINING_ROWS;
    const noise = Math.sin(step * 12.9898) * 0.5;
    chunk += `${step},${(t * 3).toFixed(4)},${(1 - 0.8 * t + noise * 0.1).toString()},${(t * 2 + noise).toString()},${(0.4 - 0.2 * t).toString()},${step === 1 ? '' : (0.001 * (1 + noise)).toString()},${(1 + noise).toString()},${(1.1e-6 * (1 - t)).toString()},${(step * 0.01).toFixed(3)}\n`;
    if (step % 10_000 === 0) {
      if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
      chunk = '';
    }
  }
  await new Promise<void>((resolve, reject) =>
    out.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );
  const actions = [
    'request_more_data',
    'scan_mass_window',
    'inspect_channel',
    'fit_background',
    'claim_discovery',
  ];
  for (const [name, shift] of [
    ['pre_eval.jsonl', 0],
    ['post_eval.jsonl', 1],
  ] as const) {
    const lines: string[] = [];
    for (let episode = 0; episode < EPISODES; episode++) {
      const r = Math.sin(episode * 78.233 + shift) * 0.8 + shift;
      const steps = Array.from({ length: 10 }, (_, i) => ({
        action: {
          action_type: actions[(episode + i) % actions.length],
          args: { window: [100 + i, 130 + i] },
        },
        reward: Number((r / 10).toFixed(4)),
      }));
      lines.push(
        JSON.stringify({
          episode,
          task_id: `task-${episode}`,
          cumulative_reward: Number(r.toFixed(4)),
          discovered: r > 0.5,
          correct_mass: r > 0.7,
          correct_channel: r > 0.9,
          steps,
        }),
      );
    }
    writeFileSync(join(dir, name), `${lines.join('\n')}\n`);
  }
}

interface Measured {
  name: string;
  seconds: number;
  /** user + system CPU of the child: steadier than wall time on a shared machine */
  cpuSeconds: number;
  maxRssMb: number;
  ok: boolean;
}

function measure(name: string, args: string[], preload: string): Measured {
  const rssFile = join(tmpdir(), `evidence-bench-rss-${process.pid}-${Date.now()}`);
  const started = process.hrtime.bigint();
  const child = spawnSync(process.execPath, ['--require', preload, ...args], {
    cwd: fileURLToPath(new URL('..', import.meta.url)), // so `import('@evidence/…')` resolves the CLI's dependencies
    env: { ...process.env, BENCH_RSS_FILE: rssFile, NO_COLOR: '1' },
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (child.status !== 0) {
    process.stderr.write(`${name} failed (exit ${child.status}):\n${child.stdout}\n${child.stderr}\n`);
  }
  const usage = existsSync(rssFile)
    ? (JSON.parse(readFileSync(rssFile, 'utf8')) as { maxRSS: number; cpu: number })
    : { maxRSS: Number.NaN, cpu: Number.NaN };
  rmSync(rssFile, { force: true });
  return { name, seconds, cpuSeconds: usage.cpu, maxRssMb: usage.maxRSS / 1024, ok: child.status === 0 };
}

async function main(): Promise<void> {
  if (!existsSync(bin)) throw new Error(`${bin} is missing: run pnpm build first`);
  // EVIDENCE_BENCH_DIR keeps the generated folder (for profiling: node --cpu-prof dist/bin.js report DIR).
  const keep = process.env.EVIDENCE_BENCH_DIR;
  const dir = keep ?? mkdtempSync(join(tmpdir(), 'evidence-bench-'));
  try {
    const generated = process.hrtime.bigint();
    const reuse = keep !== undefined && existsSync(join(dir, 'post_eval.jsonl'));
    if (!reuse) {
      mkdirSync(dir, { recursive: true });
      await generate(dir);
    }
    const size = readFileSync(join(dir, 'training_log.csv')).length;
    console.log(
      `input: ${TRAINING_ROWS.toLocaleString('en')} training rows (${(size / 1e6).toFixed(1)} MB), 2 × ${EPISODES} episodes` +
        (reuse
          ? ` (reused ${dir})`
          : ` (generated in ${(Number(process.hrtime.bigint() - generated) / 1e9).toFixed(1)} s)`),
    );
    const preload = join(dir, 'max-rss.cjs');
    writeFileSync(
      preload,
      "process.on('exit', () => { const u = process.resourceUsage(); require('fs').writeFileSync(process.env.BENCH_RSS_FILE, JSON.stringify({ maxRSS: u.maxRSS, cpu: (u.userCPUTime + u.systemCPUTime) / 1e6 })); });\n",
    );
    const readFloor = `const fs=require('fs');let n=0;for(const f of ['training_log.csv','pre_eval.jsonl','post_eval.jsonl']){const t=fs.readFileSync(${JSON.stringify(dir)}+'/'+f,'utf8');for(let i=t.indexOf('\\n');i!==-1;i=t.indexOf('\\n',i+1))n++;}console.log(n)`;
    // The two library calls that dominate a report, alone, so a regression points at its package.
    const loadLog = `import('@evidence/csv-log').then(async (m) => { const log = await m.loadCsvLog(${JSON.stringify(join(dir, 'training_log.csv'))}); console.log(log.rowCount) })`;
    const compare = `import('@evidence/report').then(async (m) => { const r = await m.compareEvalFiles(${JSON.stringify(join(dir, 'pre_eval.jsonl'))}, ${JSON.stringify(join(dir, 'post_eval.jsonl'))}); console.log(r.p_improvement) })`;
    const results = [
      measure('baseline: node reads + splits the inputs', ['-e', readFloor], preload),
      measure('baseline: evidence --version', [bin, '--version'], preload),
      measure('evidence report (10,000 resamples)', [bin, 'report', dir], preload),
      measure('  part: loadCsvLog(training_log.csv)', ['--input-type=module', '-e', loadLog], preload),
      measure('  part: compareEvalFiles (10,000 resamples)', ['--input-type=module', '-e', compare], preload),
    ];
    console.log(`\n${'case'.padEnd(46)} wall s   CPU s   peak RSS MB`);
    for (const result of results) {
      console.log(
        `${result.name.padEnd(46)} ${result.seconds.toFixed(2).padStart(6)}  ${result.cpuSeconds.toFixed(2).padStart(6)}   ${result.maxRssMb.toFixed(0).padStart(11)}${result.ok ? '' : '   FAILED'}`,
      );
    }
    const report = results.find((result) => result.name.startsWith('evidence report'));
    if (report) {
      const verdict = report.ok && report.seconds <= TARGET_SECONDS ? 'within' : 'OVER';
      console.log(
        `\nevidence report: ${report.seconds.toFixed(2)} s wall (${report.cpuSeconds.toFixed(2)} s CPU), target ≤ ${TARGET_SECONDS} s: ${verdict}` +
          ` · load average ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores`,
      );
    }
  } finally {
    if (!keep) rmSync(dir, { recursive: true, force: true });
  }
}

await main();
