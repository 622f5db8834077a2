/**
 * Rows per second for 1,000,000 rows of 25 columns (target ≥ 300,000 rows/s), next to baselines measured
 * in the same run. Each case runs in a fresh child process so its peak RSS is its own.
 *
 *   pnpm bench                   all cases, one run each
 *   pnpm bench -- 200000         fewer rows
 *   pnpm bench -- --runs 5       five fresh-process runs per case (cases alternated), median and range
 *   pnpm bench -- --only 'StepTable.row' --runs 5
 */
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { type ColumnSpec, formatValue, StepTable } from '../src/index';

/** The first numeric argument that is not an option's value. */
const ROWS = Number(
  process.argv.find((a, i) => /^\d+$/.test(a) && !/^--./.test(process.argv[i - 1] ?? '')) ?? 1_000_000,
);

/** 25 columns with the formats a training table uses. */
const SPECS = ['d', '.4f', '+.3f', '.3e', '.2%', '.4g', ',d', '.2f', '.3g', '+.2e', '>8.3f', '.1f', 'frac'];
const COLUMNS: ColumnSpec[] = Array.from({ length: 25 }, (_, i) => ({
  key: `c${i}`,
  format: i === 0 ? 'd' : SPECS[i % SPECS.length]!,
  width: 9,
}));

/** A pool of rows with realistic values (cycled, so generating them is not timed). */
function makeRows(n: number): Record<string, unknown>[] {
  let seed = 42;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  return Array.from({ length: n }, (_, r) => {
    const row: Record<string, unknown> = {};
    COLUMNS.forEach((c, i) => {
      if (i === 0) row[c.key] = r;
      else if (c.format === 'd' || c.format === ',d') row[c.key] = Math.floor(random() * 1e6);
      else if (c.format === 'frac') row[c.key] = [Math.floor(random() * 10), 10];
      else row[c.key] = (random() - 0.3) * 10 ** Math.floor(random() * 6 - 3);
    });
    return row;
  });
}

/** The naive baseline: JS number methods and padStart, not Python-exact (ties, -0, exponents). */
function naiveRow(cells: Record<string, unknown>): string {
  let line = '';
  for (let i = 0; i < COLUMNS.length; i++) {
    const c = COLUMNS[i]!;
    const v = cells[c.key];
    let s: string;
    if (Array.isArray(v)) s = `${v[0]}/${v[1]}`;
    else if (typeof v !== 'number') s = 'nan';
    else
      switch (c.format) {
        case '.3e':
        case '+.2e':
          s = v.toExponential(3);
          break;
        case '.4g':
        case '.3g':
          s = v.toPrecision(4);
          break;
        case '.2%':
          s = (v * 100).toFixed(2) + '%';
          break;
        case 'd':
        case ',d':
          s = String(v);
          break;
        default:
          s = v.toFixed(3);
      }
    line += (i ? '  ' : '') + s.padStart(9);
  }
  return line;
}

const CASES: Record<string, (rows: Record<string, unknown>[]) => number> = {
  /** StepTable.row(): parsed specs per column, Python-exact formatting, display widths. */
  'StepTable.row': (pool) => {
    const table = new StepTable({ columns: COLUMNS, color: false, repeatHeaderEvery: 0 });
    let chars = 0;
    for (let r = 0; r < ROWS; r++) chars += table.row(pool[r % pool.length]!).length;
    return chars;
  },
  /** The same rows through a table whose 25 columns are all '.4f' (the most common training format). */
  "StepTable.row, all '.4f'": (pool) => {
    const columns = COLUMNS.map((c, i) => ({ ...c, format: i === 0 ? 'd' : '.4f' }));
    const table = new StepTable({ columns, color: false, repeatHeaderEvery: 0 });
    const numeric = pool.map((row) =>
      Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Array.isArray(v) ? v[0] / v[1] : v])),
    );
    let chars = 0;
    for (let r = 0; r < ROWS; r++) chars += table.row(numeric[r % numeric.length]!).length;
    return chars;
  },
  /** formatValue(value, spec) per cell: the spec cache lookup on every call. */
  'formatValue per cell': (pool) => {
    let chars = 0;
    for (let r = 0; r < ROWS; r++) {
      const row = pool[r % pool.length]!;
      let line = '';
      for (let i = 0; i < COLUMNS.length; i++) {
        const c = COLUMNS[i]!;
        line += (i ? '  ' : '') + formatValue(row[c.key], c.format!).padStart(9);
      }
      chars += line.length;
    }
    return chars;
  },
  /** Baseline: naive toFixed/toExponential/padStart (wrong on ties, exponents, -0, 1e21…). */
  'baseline: naive toFixed': (pool) => {
    let chars = 0;
    for (let r = 0; r < ROWS; r++) chars += naiveRow(pool[r % pool.length]!).length;
    return chars;
  },
};

function runCase(name: string): void {
  const pool = makeRows(4096);
  const run = CASES[name]!;
  const start = process.hrtime.bigint();
  const cpuStart = process.cpuUsage();
  const chars = run(pool);
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const cpu = process.cpuUsage(cpuStart);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const maxRssMb = process.resourceUsage().maxRSS / 1024;
  process.stdout.write(JSON.stringify({ name, seconds, cpuSeconds, chars, maxRssMb }) + '\n');
}

interface CaseResult {
  seconds: number;
  cpuSeconds: number;
  maxRssMb: number;
}

function option(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

const caseName = option('--case');
if (caseName !== undefined) {
  runCase(caseName);
} else {
  const self = fileURLToPath(import.meta.url);
  const runs = Math.max(1, Number(option('--runs') ?? 1));
  const only = option('--only');
  const names = Object.keys(CASES).filter((name) => only === undefined || name === only);
  if (names.length === 0) throw new Error(`no bench case named ${JSON.stringify(only)}`);
  console.log(
    `step-table bench: ${ROWS.toLocaleString('en-US')} rows × ${COLUMNS.length} columns, node ${process.version}, ${runs} fresh-process run(s) per case`,
  );
  const load = () =>
    os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ');
  console.log(
    `load average ${load()} on ${os.cpus().length} cores: rows/CPU-s is the steadier figure on a busy machine`,
  );
  const results = new Map<string, CaseResult[]>(names.map((name) => [name, []]));
  // Cases alternate run by run, so a noisy moment is shared rather than landing on one case.
  for (let run = 0; run < runs; run++) {
    for (const name of names) {
      const child = spawnSync(process.execPath, [...process.execArgv, self, '--case', name, String(ROWS)], {
        encoding: 'utf8',
      });
      if (child.status !== 0) {
        console.log(`${name}: failed\n${child.stderr}`);
        process.exitCode = 1;
        continue;
      }
      results.get(name)!.push(JSON.parse(child.stdout.trim().split('\n').at(-1)!) as CaseResult);
    }
  }
  const n = (x: number) => Math.round(x).toLocaleString('en-US');
  const figure = (xs: number[]) =>
    xs.length === 1 ? n(xs[0]!) : `${n(median(xs))} (${n(Math.min(...xs))}–${n(Math.max(...xs))})`;
  console.log(
    `${'case'.padEnd(24)} ${'rows/s (wall)'.padStart(29)} ${'rows/CPU-s'.padStart(29)} ${'peak RSS MB'.padStart(12)}`,
  );
  for (const [name, rs] of results) {
    if (rs.length === 0) continue;
    const wall = rs.map((r) => ROWS / r.seconds);
    const cpu = rs.map((r) => ROWS / r.cpuSeconds);
    const rss = Math.max(...rs.map((r) => r.maxRssMb));
    console.log(
      `${name.padEnd(24)} ${figure(wall).padStart(29)} ${figure(cpu).padStart(29)} ${rss.toFixed(0).padStart(12)}`,
    );
    if (name === 'StepTable.row' && median(wall) < 300_000)
      console.log('  ↑ below the 300,000 rows/s target');
  }
  console.log(`load average after: ${load()}`);
}
