/**
 * Rows per second for 1,000,000 rows of 25 columns (target ≥ 300,000 rows/s), next to baselines measured
 * in the same run. Each case runs in a fresh child process so its peak RSS is its own.
 *
 *   pnpm bench            all cases
 *   pnpm bench -- 200000  fewer rows
 */
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { type ColumnSpec, formatValue, StepTable } from '../src/index';

const ROWS = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 1_000_000);

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

const caseArg = process.argv.indexOf('--case');
if (caseArg >= 0) {
  runCase(process.argv[caseArg + 1]!);
} else {
  const self = fileURLToPath(import.meta.url);
  console.log(
    `step-table bench: ${ROWS.toLocaleString('en-US')} rows × ${COLUMNS.length} columns, node ${process.version}`,
  );
  console.log(
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${os.cpus().length} cores: rows/CPU-s is the steadier figure on a busy machine`,
  );
  console.log('case                     rows/s (wall)  rows/CPU-s   cells/CPU-s   wall s   peak RSS MB');
  for (const name of Object.keys(CASES)) {
    const child = spawnSync(process.execPath, [...process.execArgv, self, '--case', name, String(ROWS)], {
      encoding: 'utf8',
    });
    if (child.status !== 0) {
      console.log(`${name}: failed\n${child.stderr}`);
      process.exitCode = 1;
      continue;
    }
    const r = JSON.parse(child.stdout.trim().split('\n').at(-1)!) as {
      seconds: number;
      cpuSeconds: number;
      maxRssMb: number;
    };
    const rate = ROWS / r.seconds;
    const cpuRate = ROWS / r.cpuSeconds;
    const n = (x: number, w: number) => Math.round(x).toLocaleString('en-US').padStart(w);
    console.log(
      `${name.padEnd(24)} ${n(rate, 13)} ${n(cpuRate, 11)} ${n(cpuRate * 25, 13)} ${r.seconds.toFixed(2).padStart(8)} ${r.maxRssMb.toFixed(0).padStart(13)}`,
    );
    if (name === 'StepTable.row' && cpuRate < 300_000) console.log('  ↑ below the 300,000 rows/s target');
  }
}
