/**
 * Rows per second of StepTable.row for 25 columns of mixed formats (target ≥ 50,000 rows/s, a row in
 * well under a millisecond), next to a naive toFixed/padStart baseline measured in the same run.
 *
 *   pnpm bench                   200,000 rows per case, three rounds (cases alternated), median (range)
 *   pnpm bench -- 50000          fewer rows
 *   pnpm bench -- --runs 7       more rounds
 */
import os from 'node:os';
import { type ColumnSpec, StepTable } from '../src/index.js';

const TARGET = 50_000;
/** The first numeric argument that is not an option's value. */
const ROWS = Number(
  process.argv.find((a, i) => /^\d+$/.test(a) && !/^--./.test(process.argv[i - 1] ?? '')) ?? 200_000,
);
const runsAt = process.argv.indexOf('--runs');
const RUNS = runsAt >= 0 ? Math.max(1, Number(process.argv[runsAt + 1])) : 3;

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
  /** Python-exact formatting of every cell, display widths, columns that grow. */
  'StepTable.row, mixed formats': (pool) => {
    const table = new StepTable({ columns: COLUMNS, color: false, repeatHeaderEvery: 0 });
    let chars = 0;
    for (let r = 0; r < ROWS; r++) chars += table.row(pool[r % pool.length]!).length;
    return chars;
  },
  /** Baseline: naive toFixed/toExponential/padStart (wrong on ties, exponents, -0, 1e21…). */
  'baseline: naive toFixed': (pool) => {
    let chars = 0;
    for (let r = 0; r < ROWS; r++) chars += naiveRow(pool[r % pool.length]!).length;
    return chars;
  },
};

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

const pool = makeRows(4096);
const results = new Map<string, number[]>(Object.keys(CASES).map((name) => [name, []]));
for (const run of Object.values(CASES)) run(pool.slice(0, 1000)); // warm up both before timing either
// Cases alternate round by round, so a noisy moment is shared rather than landing on one case.
for (let round = 0; round < RUNS; round++) {
  for (const [name, run] of Object.entries(CASES)) {
    const start = process.hrtime.bigint();
    run(pool);
    results.get(name)!.push(ROWS / (Number(process.hrtime.bigint() - start) / 1e9));
  }
}
const n = (x: number) => Math.round(x).toLocaleString('en-US');
const load = os
  .loadavg()
  .map((l) => l.toFixed(1))
  .join(' ');
console.log(
  `step-table bench: ${n(ROWS)} rows × ${COLUMNS.length} columns, node ${process.version}, ${RUNS} rounds, load ${load}`,
);
console.log(`${'case'.padEnd(30)} ${'rows/s median (range)'.padStart(32)} ${'µs/row'.padStart(8)}`);
for (const [name, rates] of results) {
  const m = median(rates);
  const range = `${n(m)} (${n(Math.min(...rates))}–${n(Math.max(...rates))})`;
  console.log(`${name.padEnd(30)} ${range.padStart(32)} ${(1e6 / m).toFixed(1).padStart(8)}`);
}
const table = median(results.get('StepTable.row, mixed formats')!);
console.log(
  table >= TARGET
    ? `target ≥ ${n(TARGET)} rows/s: met`
    : `target ≥ ${n(TARGET)} rows/s: NOT met (${n(table)})`,
);
