// pnpm bench: time and peak RSS of each case in a fresh child process, next to a baseline drawn
// without decimation in the same run. Targets (issue 3): the 1,000,000-row training curve in at most
// 1.0 s and 250 MB; a 10,000,000-point line in at most 8 s. Reference trainer (matplotlib, measured on
// this machine): 7.3 s and 809 MB for the 1,000,000-row training curve.
import { execFileSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const caseScript = join(here, 'case.ts');

async function writeTrainingLog(path: string, rows: number): Promise<void> {
  const out = createWriteStream(path);
  out.write('step,epoch,loss,reward,reward_std,kl,grad_norm,learning_rate,wall_time_s\n');
  let reward = -0.5;
  let seed = 7;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) >>> 0;
    return seed / 2 ** 32;
  };
  let batch = '';
  for (let s = 1; s <= rows; s++) {
    reward += (rand() - 0.49) * 0.02;
    const loss = 0.9 * Math.exp(-s / (rows / 3)) + rand() * 0.05;
    batch += `${s},${s / 100},${loss},${reward},${rand() * 0.4},${s === 1 ? '' : rand() * 0.02},${rand()},${1e-6 * (1 - s / rows)},${s * 0.012}\n`;
    if (batch.length > 1 << 20) {
      if (!out.write(batch)) await new Promise<void>((r) => out.once('drain', () => r()));
      batch = '';
    }
  }
  out.write(batch);
  await new Promise<void>((r, j) => out.end((e?: Error | null) => (e ? j(e) : r())));
}

interface Result {
  case: string;
  ms: number;
  /** CPU time of all threads: less sensitive than wall time to other work on a shared machine */
  cpuMs: number;
  rssMB: number;
  note?: string;
}

function runCase(name: string, args: string[]): Result {
  const out = execFileSync(process.execPath, ['--import', 'tsx', caseScript, name, ...args], {
    encoding: 'utf8',
    maxBuffer: 1 << 20,
    cwd: join(here, '..'),
  });
  return JSON.parse(out.trim().split('\n').pop() as string) as Result;
}

const dir = mkdtempSync(join(tmpdir(), 'evidence-plots-bench-'));
try {
  const csv = join(dir, 'training_log.csv');
  const t0 = performance.now();
  await writeTrainingLog(csv, 1_000_000);
  console.log(`generated 1,000,000-row training_log.csv in ${(performance.now() - t0).toFixed(0)} ms`);
  const results: Result[] = [
    runCase('training-curve', [csv, join(dir, 'training_curve.png')]),
    runCase('training-curve-raw', [csv, join(dir, 'training_curve_raw.png')]),
    runCase('line', ['10000000', join(dir, 'line.png')]),
    runCase('line-raw', ['1000000', join(dir, 'line_raw.png')]),
    runCase('line', ['1000000', join(dir, 'line_1m.png')]),
  ];
  console.log('');
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${cpus().length} cores`,
  );
  console.log('case                                 wall (ms)   CPU (ms)   peak RSS (MB)');
  for (const r of results) {
    const cells = [r.ms, r.cpuMs].map((v) => v.toFixed(0).padStart(10)).join(' ');
    console.log(
      `${r.case.padEnd(36)}${cells}${r.rssMB.toFixed(0).padStart(16)}${r.note ? `   ${r.note}` : ''}`,
    );
  }
  const curve = results[0] as Result;
  const line = results[2] as Result;
  console.log('');
  console.log(
    `targets: 1M-row training curve ≤ 1000 ms and ≤ 250 MB → ${curve.ms <= 1000 && curve.rssMB <= 250 ? 'met' : 'MISSED'}; ` +
      `10M-point line ≤ 8000 ms → ${line.ms <= 8000 ? 'met' : 'MISSED'}`,
  );
  console.log('reference trainer (matplotlib) on the 1M-row curve: 7300 ms, 809 MB');
} finally {
  rmSync(dir, { recursive: true, force: true });
}
