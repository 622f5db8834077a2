/**
 * Append and read throughput of @evidence/csv-log next to baselines measured in the same run: the
 * Python reference writer (/usr/bin/python3, csv.writer, the same rows) and papaparse.
 * Every case runs in a fresh child process, so its peak RSS (process.resourceUsage().maxRSS) is its own.
 *
 *   pnpm bench                 all cases (1,000,000 training-log rows)
 *   pnpm bench -- 200000       fewer rows (quick look)
 *
 * Targets: the default (buffered) writer ≥ 8x the Python reference writer; loadCsvLog ≥ 2x papaparse.
 */
import { spawnSync } from 'node:child_process';
import {
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
import Papa from 'papaparse';
import { followCsvLog, loadCsvLog, openCsvLog, readCsvLog, TRAINING_LOG_COLUMNS } from '../src/index.js';

const ROWS = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 1_000_000);
// Slow cases get fewer rows so the whole run takes about a minute; the table says how many.
const PYTHON_ROWS = Math.min(ROWS, 200_000);
const FSYNC_ROWS = Math.min(ROWS, 2_000);
const PYTHON = '/usr/bin/python3';

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
  /** user + system CPU seconds of the case: on a shared, loaded machine wall-clock rates understate. */
  cpuSeconds: number;
  maxRssMb: number;
}
/** What a case measures; the process it ran in adds CPU and RSS, unless the case ran another (Python). */
type Measured = Omit<CaseResult, 'maxRssMb' | 'cpuSeconds'> & Partial<CaseResult>;

const CASES: Record<string, (dir: string) => Promise<Measured>> = {
  async 'idle process (RSS floor)'() {
    return { rows: 0, seconds: 1e-9 };
  },
  async 'append buffered (default)'(dir) {
    return appendWith(join(dir, 'training_log.csv'), 'buffered', ROWS); // also the file the read cases use
  },
  async 'append line'(dir) {
    return appendWith(join(dir, 'line.csv'), 'line', ROWS);
  },
  async 'append fsync'(dir) {
    return appendWith(join(dir, 'fsync.csv'), 'fsync', FSYNC_ROWS);
  },
  // Python's csv.writer three ways: the file reopened for every row (the reference writer of the
  // renovation issue, about 0.05M rows/s), flushed after every row, and left to Python's buffer.
  async 'Python csv.writer, open-append-close per row'(dir) {
    return python(join(dir, 'python-reopen.csv'), 'reopen');
  },
  async 'Python csv.writer, flush per row'(dir) {
    return python(join(dir, 'python-flush.csv'), 'flush');
  },
  async 'Python csv.writer, no flush'(dir) {
    return python(join(dir, 'python-buffered.csv'), 'buffered');
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
  // papaparse (what plots used before this reader): the whole file parsed, Number() on every cell.
  async 'papaparse + Number'(dir) {
    const start = performance.now();
    const { data } = Papa.parse<string[]>(readFileSync(join(dir, 'training_log.csv'), 'utf8'), {
      skipEmptyLines: true,
    });
    const width = data[0]?.length ?? 0;
    const columns = Array.from({ length: width }, () => new Float64Array(data.length - 1));
    for (let i = 1; i < data.length; i++) {
      const cells = data[i] as string[];
      for (let c = 0; c < width; c++) (columns[c] as Float64Array)[i - 1] = Number(cells[c]);
    }
    return { rows: data.length - 1, seconds: (performance.now() - start) / 1000 };
  },
};

async function appendWith(path: string, durability: 'buffered' | 'line' | 'fsync', rows: number) {
  const start = performance.now();
  const log = openCsvLog(path, { columns: TRAINING_LOG_COLUMNS, durability });
  for (let step = 0; step < rows; step++) log.append(trainingRow(step, rows));
  await log.close();
  return { rows, seconds: (performance.now() - start) / 1000 };
}

/** The same rows from /usr/bin/python3 (bench/python_writer.py); it times itself. */
function python(path: string, how: 'reopen' | 'flush' | 'buffered'): Measured {
  const script = process.env.CSV_LOG_BENCH_PYTHON as string; // set by the parent: this runs from a bundle
  const run = spawnSync(PYTHON, [script, path, String(PYTHON_ROWS), how], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`python: ${run.stderr || run.error}`);
  return { rows: PYTHON_ROWS, ...(JSON.parse(run.stdout) as Omit<CaseResult, 'rows'>) };
}

const PY_REOPEN = 'Python csv.writer, open-append-close per row';
const PY_FLUSH = 'Python csv.writer, flush per row';
const TARGETS: Record<string, { times?: number; rssMb?: number; baseline: string }> = {
  'append buffered (default)': { times: 8, baseline: PY_REOPEN },
  'append line': { baseline: PY_FLUSH },
  'append fsync': { baseline: PY_FLUSH },
  'Python csv.writer, flush per row': { baseline: PY_REOPEN },
  'Python csv.writer, no flush': { baseline: PY_REOPEN },
  'read loadCsvLog (columnar)': { times: 2, rssMb: 200, baseline: 'papaparse + Number' },
  'read loadCsvLog, 3 of 9 columns': { times: 2, rssMb: 200, baseline: 'papaparse + Number' },
  'read readCsvLog (row objects)': { rssMb: 200, baseline: 'papaparse + Number' },
  'read followCsvLog (backlog, 2 MiB reads)': { rssMb: 200, baseline: 'papaparse + Number' },
};

async function runCase(name: string, dir: string): Promise<void> {
  const cpuBefore = process.cpuUsage();
  const result = await (CASES[name] as (dir: string) => Promise<Measured>)(dir);
  const cpu = process.cpuUsage(cpuBefore);
  const maxRssMb = process.resourceUsage().maxRSS / 1024; // KiB → MiB
  process.stdout.write(JSON.stringify({ cpuSeconds: (cpu.user + cpu.system) / 1e6, maxRssMb, ...result }));
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
      entry: { run: fileURLToPath(import.meta.url) },
      format: ['esm'],
      outDir: dir,
      platform: 'node',
      target: 'node20',
      external: ['tsup'],
      noExternal: ['@evidence/node-kit', 'papaparse'],
      dts: false,
      sourcemap: false,
      clean: false,
      silent: true,
      config: false,
    });
    const bundle = join(dir, 'run.js');
    process.env.CSV_LOG_BENCH_PYTHON = fileURLToPath(new URL('./python_writer.py', import.meta.url));
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
  const header = ['case', 'rows', 'rows/s', 'rows/CPU-s', 'peak RSS MB', 'vs baseline', 'target', 'met'];
  const table: string[][] = [];
  for (const [name, result] of results) {
    const target = TARGETS[name];
    const baseline = target ? results.get(target.baseline) : undefined;
    if (result.rows === 0) {
      table.push([name, '–', '–', '–', result.maxRssMb.toFixed(0), '–', '–', '–']);
      continue;
    }
    const times = baseline ? rate(result) / rate(baseline) : Number.NaN;
    const wants = [target?.times ? `≥ ${target.times}x` : '', target?.rssMb ? `< ${target.rssMb} MB` : ''];
    const met =
      (target?.times === undefined || times >= target.times) &&
      (target?.rssMb === undefined || result.maxRssMb < target.rssMb);
    table.push([
      name,
      fmt(result.rows),
      fmt(rate(result)),
      fmt(cpuRate(result)),
      result.maxRssMb.toFixed(0),
      baseline ? `${ratio(times)}x ${target?.baseline}` : '–',
      wants.filter(Boolean).join(', ') || '–',
      target?.times || target?.rssMb ? (met ? 'yes' : 'NO') : '–',
    ]);
  }
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => (row[i] as string).length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 || i === 5 ? c.padEnd(widths[i] as number) : c.padStart(widths[i] as number)))
      .join('  ');
  console.log(
    `\n@evidence/csv-log benchmark: Node ${process.version}, ${os.cpus().length} CPUs, load ${os.loadavg()[0]?.toFixed(1)}`,
  );
  console.log(
    `training-log rows (9 columns, 6 full-precision doubles); file of ${fmt(ROWS)} rows = ${(fileBytes / 1e6).toFixed(1)} MB`,
  );
  console.log(`Python writers: ${fmt(PYTHON_ROWS)} rows (${PYTHON}); fsync: ${fmt(FSYNC_ROWS)} rows`);
  console.log(
    'rows/s is wall-clock (targets apply to it); rows/CPU-s is what the case would reach with a core to itself.',
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
