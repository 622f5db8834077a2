/**
 * Issue 38: `export` of a monitor of 24,000,000 episodes (554 MB, more text than one V8 string holds:
 * "Cannot create a string longer than 0x1fffffe8 characters" before the monitor was streamed). Prints
 * wall seconds, peak RSS and the values written.   tsx bench/export-large.ts [scale]
 */
import { spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SCALE = Number(process.argv[2] ?? 1);
const EPISODES = Math.round(24_000_000 * SCALE);
const bin = fileURLToPath(new URL('../dist/bin.js', import.meta.url));
const root = mkdtempSync(join(os.tmpdir(), 'evidence-export-large-'));
try {
  const dir = join(root, 'logs', 'PPO', 'seed0');
  mkdirSync(dir, { recursive: true });
  const fd = openSync(join(dir, '0.monitor.csv'), 'w');
  writeSync(fd, '#{"t_start": 1700000000.0, "env_id": "CartPole-v1"}\nr,l,t\n');
  let chunk = '';
  for (let i = 0; i < EPISODES; i++) {
    chunk += `${(i % 500) + 0.5},${(i % 500) + 1},${(i / 100).toFixed(6)}\n`;
    if (chunk.length > 1 << 20) {
      writeSync(fd, chunk);
      chunk = '';
    }
  }
  writeSync(fd, chunk);
  closeSync(fd);
  const run = spawnSync(
    '/usr/bin/time',
    ['-v', process.execPath, bin, 'export', join(root, 'logs'), '--out', join(root, 'out.parquet')],
    {
      encoding: 'utf8',
      maxBuffer: 1 << 26,
    },
  );
  const rss = /Maximum resident set size \(kbytes\): (\d+)/.exec(run.stderr)?.[1];
  const wall = /Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (\S+)/.exec(run.stderr)?.[1];
  console.log(
    `| export --out x.parquet, one monitor.csv of ${EPISODES.toLocaleString('en')} episodes | exit ${run.status} | ${wall} | ${Math.round(Number(rss) / 1024)} MB | ${run.stdout.trim()} |`,
  );
  if (run.status !== 0)
    console.log(
      run.stderr
        .split('\n')
        .filter((l) => !l.startsWith('\t'))
        .join('\n'),
    );
} finally {
  rmSync(root, { recursive: true, force: true });
}
