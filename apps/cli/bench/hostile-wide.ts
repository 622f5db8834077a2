/**
 * `pnpm bench` (part): issue 40's small hostile inputs, measured against the budget "nothing under 5 MB
 * takes more than 1 GiB or 10 s". A 2.6 MB CSV of 100,000 columns (12 rows), read by `plot`, `table`,
 * `runs` and `export` (as a plain CSV and as an evidence folder's training_log.csv), and twelve 4096×4096
 * zlib-bomb PNG frames (60 KB each) given to `gif`, each under GNU time: peak RSS and wall time. Before:
 * `plot` 23.9 GB (killed), `table`/`runs`/`export` over 1 GB, `gif` 15-19 s and 880 MB.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { zeroPng } from '../test/helpers.js';

const bin = fileURLToPath(new URL('../dist/bin.js', import.meta.url));
const TIME = '/usr/bin/time';
const BUDGET = { mb: 1024, seconds: 10 };

if (!existsSync(TIME) || !existsSync(bin)) {
  console.log(`hostile-input bench skipped: needs ${TIME} (GNU time) and a built ${bin}`);
  process.exit(0);
}

function wideCsv(columns: number, rows: number): string {
  const header = ['step', ...Array.from({ length: columns - 1 }, (_, i) => `c${i}`)].join(',');
  const lines = Array.from({ length: rows }, (_, step) =>
    [step, ...Array.from({ length: columns - 1 }, (_, i) => (step * 7 + i) % 10)].join(','),
  );
  return `${header}\n${lines.join('\n')}\n`;
}

const dir = mkdtempSync(join(tmpdir(), 'evidence-bench-hostile-'));
try {
  const csv = wideCsv(100_000, 12);
  writeFileSync(join(dir, 'wide.csv'), csv);
  mkdirSync(join(dir, 'evidence'));
  writeFileSync(join(dir, 'evidence', 'training_log.csv'), csv);
  mkdirSync(join(dir, 'frames'));
  const bomb = zeroPng(4096, 4096);
  for (let i = 0; i < 12; i++) writeFileSync(join(dir, 'frames', `f${String(i).padStart(2, '0')}.png`), bomb);
  console.log(
    `100,000 columns × 12 rows: ${(csv.length / 1e6).toFixed(1)} MB; 12 frames of 4096×4096: ${(bomb.length / 1e3).toFixed(0)} KB each`,
  );
  console.log(`budget: ${BUDGET.mb} MB, ${BUDGET.seconds} s each`);
  console.log('command                                   exit  peak RSS    wall     cpu  within');
  for (const args of [
    ['plot', 'evidence'],
    ['plot', 'wide.csv', '-o', 'wide.png', '--force'],
    ['table', 'wide.csv'],
    ['table', 'evidence/training_log.csv'],
    ['runs', 'wide.csv'],
    ['runs', 'evidence'],
    ['export', 'wide.csv', '-o', 'out.csv', '--force'],
    ['export', 'evidence', '-o', 'out.parquet', '--force'],
    ['gif', 'frames', '-o', 'out.gif', '--force'],
  ]) {
    const result = spawnSync(TIME, ['-v', process.execPath, bin, ...args], {
      cwd: dir,
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    });
    const peak = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(result.stderr)?.[1]) / 1024;
    const clock = /Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (?:(\d+):)?(\d+):([\d.]+)/.exec(
      result.stderr,
    );
    const seconds = clock
      ? Number(clock[1] ?? 0) * 3600 + Number(clock[2]) * 60 + Number(clock[3])
      : Number.NaN;
    // CPU time too: on a machine shared with other work the wall time says more about the load than the command
    const cpu = ['User', 'System'].reduce(
      (sum, kind) =>
        sum + Number(new RegExp(`${kind} time \\(seconds\\): ([\\d.]+)`).exec(result.stderr)?.[1]),
      0,
    );
    const within = peak <= BUDGET.mb && seconds <= BUDGET.seconds ? 'yes' : 'NO';
    console.log(
      `${args.join(' ').padEnd(40)}  ${String(result.status).padStart(4)}  ${peak.toFixed(0).padStart(5)} MB  ${seconds.toFixed(1).padStart(5)} s  ${cpu.toFixed(1).padStart(5)} s  ${within}`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
