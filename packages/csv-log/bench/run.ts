/**
 * Append and read throughput of @evidence/csv-log next to baselines measured in the same run.
 * Every case runs in a fresh child process, so its peak RSS (process.resourceUsage().maxRSS) is its own.
 *
 *   pnpm bench                 all cases (1,000,000 training-log rows)
 *   pnpm bench -- 200000       fewer rows (quick look)
 *
 * Targets (issue 2): buffered ≥ 1,000,000 appends/s, line ≥ 200,000 appends/s, reading a
 * 1,000,000-row file ≥ 1,000,000 rows/s with peak RSS < 200 MB (all columns, and the 3 a chart reads).
 */
import { spawnSync } from 'node:child_process';
import {
  appendFileSync,
  closeSync,
  fsyncSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatCell, formatHeader } from '../src/write/cell-format';
import { followCsvLog, loadCsvLog, openCsvLog, readCsvLog, TRAINING_LOG_COLUMNS } from '../src/index';

const ROWS = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 1_000_000);
// Slow cases get fewer rows so the whole run takes about a minute; the table says how many.
const BASELINE_ROWS = Math.min(ROWS, 50_000);
const FSYNC_ROWS = Math.min(ROWS, 2_000);

/** A training-log row as a trainer makes it: full-precision doubles from a simulated run. */
function trainingRow(step: number, total: number) {
  const noise = Math.sin(step * 12.9898) * 43758.5453;
  const jitter = noise - Math.floor(noise); // deterministic, in [0, 1)
  return {
    step,
    epoch: Math.round((step / total) * 300) / 100,
    loss: Math.exp(-step / (total / 3)) * (0.9 + 0.2 * jitter),
    reward: Math.tanh(step / (total / 4)) - 0.5 + 0.4 * (jitter - 0.5),
    reward_std: 0.2 + 0.25 * jitter,
    kl: step === 0 ? null : 0.001 + 0.02 * (step / total) * (0.8 + 0.4 * jitter),
    grad_norm: step % 37 === 36 ? Number.NaN : 0.2 + 1.5 * jitter,
    learning_rate: 1.1e-6 * (1 - step / total),
  };
}

interface CaseResult {
  rows: number;
  seconds: number;
  /** CPU seconds of the calling (main) thread alone, where the OS tells (Linux /proc); else absent. */
  threadCpuSeconds?: number;
  /** user + system CPU seconds of the case: on a shared, loaded machine wall-clock rates understate. */
  cpuSeconds: number;
  maxRssMb: number;
}
type Measured = Omit<CaseResult, 'maxRssMb' | 'cpuSeconds'>;

const CASES: Record<string, (dir: string) => Promise<Measured>> = {
  async 'idle process (RSS floor)'() {
    return { rows: 0, seconds: 1e-9 };
  },
  // The default: offThread 'auto' moves a log this busy to the format worker after its first 4,096 rows.
  async 'append buffered'(dir) {
    return appendWith(join(dir, 'training_log.csv'), 'buffered', ROWS); // also the file the read cases use
  },
  async 'append buffered, offThread: false (calling thread only)'(dir) {
    return appendWith(join(dir, 'on-thread.csv'), 'buffered', ROWS, false);
  },
  // The calling thread's cost: wall time of the 1,000,000 append() calls alone (and that thread's CPU).
  async 'append buffered, off-thread: append() calls'(dir) {
    const { rows, loopSeconds, threadCpuSeconds } = await appendOffThread(join(dir, 'off.csv'), ROWS, 0);
    return { rows, seconds: loopSeconds, threadCpuSeconds };
  },
  async 'append buffered, off-thread: end-to-end until close()'(dir) {
    const { rows, totalSeconds } = await appendOffThread(join(dir, 'off.csv'), ROWS, 0);
    return { rows, seconds: totalSeconds };
  },
  // A trainer logs a row per step between steps' work: the worker keeps up, the pool never runs dry.
  async 'append buffered, off-thread, 250 rows per 1 ms tick: append() calls'(dir) {
    const { rows, loopSeconds, threadCpuSeconds } = await appendOffThread(join(dir, 'off.csv'), ROWS, 250);
    return { rows, seconds: loopSeconds, threadCpuSeconds };
  },
  async 'append line'(dir) {
    return appendWith(join(dir, 'line.csv'), 'line', ROWS);
  },
  async 'append fsync'(dir) {
    return appendWith(join(dir, 'fsync.csv'), 'fsync', FSYNC_ROWS);
  },
  // The reference trainer's way: open the file, append one row, close it, for every row.
  async 'baseline: open-append-close per row'(dir) {
    const path = join(dir, 'baseline.csv');
    const columns = TRAINING_LOG_COLUMNS;
    appendFileSync(path, `${formatHeader(columns)}\n`);
    const start = performance.now();
    for (let step = 0; step < BASELINE_ROWS; step++) {
      const row: Record<string, unknown> = trainingRow(step, BASELINE_ROWS);
      row.wall_time_s = Math.round(performance.now() - start) / 1000;
      appendFileSync(path, `${columns.map((c) => formatCell(row[c], c)).join(',')}\n`);
    }
    return { rows: BASELINE_ROWS, seconds: (performance.now() - start) / 1000 };
  },
  async 'read loadCsvLog (columnar)'(dir) {
    const start = performance.now();
    const log = await loadCsvLog(join(dir, 'training_log.csv'));
    if (log.rowCount !== ROWS || log.issues.skipped.length > 0) throw new Error(`read ${log.rowCount} rows`);
    return { rows: log.rowCount, seconds: (performance.now() - start) / 1000 };
  },
  // What a chart reads (@evidence/plots' training curve): 3 of the 9 columns.
  async 'read loadCsvLog, 3 of 9 columns'(dir) {
    const start = performance.now();
    const log = await loadCsvLog(join(dir, 'training_log.csv'), { columns: ['step', 'reward', 'loss'] });
    if (log.rowCount !== ROWS || Object.keys(log.columns).length !== 3)
      throw new Error(`read ${log.rowCount} rows`);
    return { rows: log.rowCount, seconds: (performance.now() - start) / 1000 };
  },
  async 'read readCsvLog (row objects)'(dir) {
    const start = performance.now();
    let rows = 0;
    for await (const _ of readCsvLog(join(dir, 'training_log.csv'))) rows++;
    if (rows !== ROWS) throw new Error(`read ${rows} rows`);
    return { rows, seconds: (performance.now() - start) / 1000 };
  },
  // `evidence table --follow` catching up on a long log: 2 MiB reads from where the last one stopped.
  async 'read followCsvLog (backlog, 2 MiB reads)'(dir) {
    const start = performance.now();
    const log = followCsvLog(join(dir, 'training_log.csv'));
    let rows = 0;
    for (let more = true; more; ) {
      const batch = await log.read();
      rows += batch.rows.length;
      more = batch.more;
    }
    if (rows !== ROWS || log.torn !== null) throw new Error(`read ${rows} rows`);
    return { rows, seconds: (performance.now() - start) / 1000 };
  },
  // What a script would write by hand: the whole file in memory, split, Number() on every cell.
  async 'baseline: readFileSync + split + Number'(dir) {
    const start = performance.now();
    const lines = readFileSync(join(dir, 'training_log.csv'), 'utf8').split('\n');
    const width = (lines[0] ?? '').split(',').length;
    const columns = Array.from({ length: width }, () => new Float64Array(lines.length));
    let rows = 0;
    for (let i = 1; i < lines.length; i++) {
      if (lines[i] === '') continue;
      const cells = (lines[i] as string).split(',');
      for (let c = 0; c < width; c++) (columns[c] as Float64Array)[rows] = Number(cells[c]);
      rows++;
    }
    return { rows, seconds: (performance.now() - start) / 1000 };
  },
};

async function appendWith(
  path: string,
  durability: 'buffered' | 'line' | 'fsync',
  rows: number,
  offThread?: boolean,
) {
  const cpuBefore = threadCpuSeconds();
  const start = performance.now();
  const log = openCsvLog(path, { columns: TRAINING_LOG_COLUMNS, durability, offThread });
  for (let step = 0; step < rows; step++) log.append(trainingRow(step, rows));
  await log.close();
  const seconds = (performance.now() - start) / 1000;
  return { rows, seconds, threadCpuSeconds: threadCpuSeconds() - cpuBefore };
}

/**
 * offThread: the worker is started (about 50 ms, as during a trainer's setup) before the clock starts.
 * `perTick` 0: one tight loop; otherwise that many rows, then a 1 ms timer, as a training step's work.
 */
async function appendOffThread(path: string, rows: number, perTick: number) {
  const log = openCsvLog(path, { columns: TRAINING_LOG_COLUMNS, offThread: true });
  await new Promise((resolve) => setTimeout(resolve, 300));
  let loopSeconds = 0;
  const cpuBefore = threadCpuSeconds();
  const start = performance.now();
  for (let step = 0; step < rows; ) {
    const end = perTick === 0 ? rows : Math.min(rows, step + perTick);
    const loopStart = performance.now();
    for (; step < end; step++) log.append(trainingRow(step, rows));
    loopSeconds += (performance.now() - loopStart) / 1000;
    if (perTick > 0) await new Promise((resolve) => setTimeout(resolve, 1));
  }
  // all of this thread's CPU until here: the append() calls, and (ticks) the event loop's share
  // (timers, buffers coming back from the worker), which 10 ms ticks could not time per tick
  const cpu = threadCpuSeconds() - cpuBefore;
  await log.close();
  const totalSeconds = (performance.now() - start) / 1000;
  return { rows, loopSeconds, totalSeconds, threadCpuSeconds: cpu };
}

/**
 * CPU seconds of this (main) thread: process.cpuUsage() sums every thread, worker included, and
 * process.threadCpuUsage() is newer than Node 20. Linux: /proc/self/task/<pid>/stat, in 10 ms ticks.
 */
function threadCpuSeconds(): number {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, at USER_HZ = 100
  } catch {
    return Number.NaN;
  }
}

const TARGETS: Record<string, { rowsPerSecond?: number; rssMb?: number; baseline: string }> = {
  'append buffered': { rowsPerSecond: 1_000_000, baseline: 'baseline: open-append-close per row' },
  'append buffered, offThread: false (calling thread only)': {
    baseline: 'baseline: open-append-close per row',
  },
  'append buffered, off-thread: append() calls': {
    rowsPerSecond: 1_000_000,
    baseline: 'baseline: open-append-close per row',
  },
  'append buffered, off-thread: end-to-end until close()': {
    baseline: 'baseline: open-append-close per row',
  },
  'append buffered, off-thread, 250 rows per 1 ms tick: append() calls': {
    rowsPerSecond: 1_000_000,
    baseline: 'baseline: open-append-close per row',
  },
  'append line': { rowsPerSecond: 200_000, baseline: 'baseline: open-append-close per row' },
  'append fsync': { baseline: 'baseline: open-append-close per row' },
  'read loadCsvLog (columnar)': {
    rowsPerSecond: 1_000_000,
    rssMb: 200,
    baseline: 'baseline: readFileSync + split + Number',
  },
  'read loadCsvLog, 3 of 9 columns': {
    rowsPerSecond: 1_000_000,
    rssMb: 200,
    baseline: 'baseline: readFileSync + split + Number',
  },
  'read readCsvLog (row objects)': { rssMb: 200, baseline: 'baseline: readFileSync + split + Number' },
  'read followCsvLog (backlog, 2 MiB reads)': {
    rssMb: 200,
    baseline: 'baseline: readFileSync + split + Number',
  },
};

async function runCase(name: string, dir: string): Promise<void> {
  const cpuBefore = process.cpuUsage();
  const result = await (CASES[name] as (dir: string) => Promise<Measured>)(dir);
  const cpu = process.cpuUsage(cpuBefore);
  const maxRssMb = process.resourceUsage().maxRSS / 1024; // KiB → MiB
  process.stdout.write(JSON.stringify({ ...result, cpuSeconds: (cpu.user + cpu.system) / 1e6, maxRssMb }));
}

const FIRST_READ_CASE = 'read loadCsvLog (columnar)';

/**
 * Before the read cases: the other logs the append cases wrote are deleted and the one the reads use
 * is fsynced, so the kernel's background writeback of ~0.5 GB of fresh dirty pages does not run during
 * (and randomly slow) the read timings (it moved them by up to 20 % from run to run). The file stays in
 * the page cache, as a log just written does.
 */
function settleBeforeReading(dir: string): void {
  for (const name of readdirSync(dir))
    if (name.endsWith('.csv') && name !== 'training_log.csv') rmSync(join(dir, name));
  const fd = openSync(join(dir, 'training_log.csv'), 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(os.tmpdir(), 'csv-log-bench-'));
  const results = new Map<string, CaseResult>();
  try {
    // Cases run under plain `node` on a bundle of this file, as a user's trainer would run the
    // library: no TypeScript loader in the timings or in peak RSS.
    const { build } = await import('tsup'); // only the parent builds; the bundle never loads tsup
    await build({
      // the format worker next to run.js, where offThread looks for it
      entry: {
        run: fileURLToPath(import.meta.url),
        'format-worker': fileURLToPath(new URL('../src/format-worker.ts', import.meta.url)),
      },
      format: ['esm'],
      outDir: dir,
      platform: 'node',
      target: 'node20',
      external: ['tsup'],
      dts: false,
      sourcemap: false,
      clean: false,
      silent: true,
      config: false,
    });
    const bundle = join(dir, 'run.js');
    for (const name of Object.keys(CASES)) {
      if (name === FIRST_READ_CASE) settleBeforeReading(dir);
      const child = spawnSync(process.execPath, [bundle, '--case', name, dir, String(ROWS)], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      if (child.status !== 0) throw new Error(`case "${name}" failed (exit ${child.status})`);
      results.set(name, JSON.parse(child.stdout) as CaseResult);
      process.stderr.write('.');
    }
    const size = statSync(join(dir, 'training_log.csv')).size;
    process.stderr.write('\n');
    print(results, size);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const ratio = (x: number) => (x >= 10 ? x.toFixed(0) : x >= 0.1 ? x.toFixed(1) : x.toPrecision(2));

function print(results: Map<string, CaseResult>, fileBytes: number): void {
  const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
  const rate = (r: CaseResult) => r.rows / r.seconds;
  const cpuRate = (r: CaseResult) => r.rows / Math.max(r.cpuSeconds, 1e-9);
  const threadRate = (r: CaseResult) =>
    r.threadCpuSeconds === undefined || Number.isNaN(r.threadCpuSeconds)
      ? '–'
      : fmt(r.rows / Math.max(r.threadCpuSeconds, 0.01));
  const header = [
    'case',
    'rows',
    'rows/s',
    'rows/CPU-s',
    'rows/calling-thread-CPU-s',
    'peak RSS MB',
    'target',
    'met',
    'vs baseline',
  ];
  const table: string[][] = [];
  for (const [name, result] of results) {
    const target = TARGETS[name];
    const baseline = target ? results.get(target.baseline) : undefined;
    const wants = [
      target?.rowsPerSecond ? `≥ ${fmt(target.rowsPerSecond)}/s` : '',
      target?.rssMb ? `< ${target.rssMb} MB` : '',
    ].filter(Boolean);
    const met =
      wants.length === 0
        ? ''
        : (target?.rowsPerSecond === undefined || rate(result) >= target.rowsPerSecond) &&
            (target?.rssMb === undefined || result.maxRssMb < target.rssMb)
          ? 'yes'
          : 'NO';
    if (result.rows === 0) {
      table.push([name, '–', '–', '–', '–', result.maxRssMb.toFixed(0), '–', '–', '–']);
      continue;
    }
    table.push([
      name,
      fmt(result.rows),
      fmt(rate(result)),
      fmt(cpuRate(result)),
      threadRate(result),
      result.maxRssMb.toFixed(0),
      wants.join(', ') || '–',
      met || '–',
      baseline ? `${ratio(rate(result) / rate(baseline))}x` : '–',
    ]);
  }
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => (row[i] as string).length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 ? c.padEnd(widths[i] as number) : c.padStart(widths[i] as number)))
      .join('  ');
  console.log(
    `\n@evidence/csv-log benchmark: Node ${process.version}, ${os.cpus().length} CPUs, load ${os.loadavg()[0]?.toFixed(1)}`,
  );
  console.log(
    `training-log rows (9 columns, 6 full-precision doubles); file of ${fmt(ROWS)} rows = ${(fileBytes / 1e6).toFixed(1)} MB`,
  );
  console.log(
    `baseline writer: ${fmt(BASELINE_ROWS)} rows; fsync: ${fmt(FSYNC_ROWS)} rows (one fdatasync per row)`,
  );
  console.log(
    'rows/s is wall-clock (targets apply to it); rows/CPU-s is what the case would reach with a core to itself.',
  );
  console.log(
    'rows/calling-thread-CPU-s: CPU of the thread that calls append() alone (10 ms ticks; the off-thread worker not counted).',
  );
  console.log(
    'off-thread "append() calls": rows / wall time of the append() calls only (worker started before, close() excluded).',
  );
  console.log(
    '"append buffered" is the default (offThread \'auto\': this busy a log moves to the format worker after 4,096 rows), end to end until close().',
  );
  console.log('each case is a fresh plain-node child; peak RSS includes Node itself (see the idle row).\n');
  console.log(line(header));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const row of table) console.log(line(row));
}

const caseAt = process.argv.indexOf('--case');
if (caseAt !== -1) {
  const name = process.argv[caseAt + 1] as string;
  const dir = process.argv[caseAt + 2] as string;
  await runCase(name, dir);
} else {
  await main();
}
