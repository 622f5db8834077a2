/**
 * `pnpm bench` (second part): the reading limits, measured. A 0.9 MB TensorBoard event file of 20,000
 * tags, each logged once at a step of its own (written by @evidence/sources' independent Python writer),
 * read by `table`, `runs`, `import` and `export` under GNU time (`/usr/bin/time -v`): peak RSS and wall
 * time of each. Before the limits, `table` died out of memory at 7.3 GB and `runs` took 6.2 GB and 21.6 s;
 * every command now refuses the file while reading it, naming it and the limit.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const bin = fileURLToPath(new URL('../dist/bin.js', import.meta.url));
const oracle = fileURLToPath(new URL('../../../packages/sources/test/tb_oracle.py', import.meta.url));
const TIME = '/usr/bin/time';
const python = process.env.PYTHON ?? '/usr/bin/python3';

if (!existsSync(TIME) || !existsSync(bin)) {
  console.log(`limits bench skipped: needs ${TIME} (GNU time) and a built ${bin}`);
  process.exit(0);
}
const dir = mkdtempSync(join(tmpdir(), 'evidence-bench-limits-'));
try {
  mkdirSync(join(dir, 'run'));
  const file = join(dir, 'run', 'events.out.tfevents.1700000000.host.1.0');
  const records = Array.from({ length: 20_000 }, (_, step) => ({
    wall_time: 1_700_000_000 + step,
    step,
    values: [{ tag: `tag/${step}`, kind: 'simple', value: 0.5 }],
  }));
  writeFileSync(join(dir, 'spec.json'), JSON.stringify({ files: [{ path: file, records }] }));
  execFileSync(python, [oracle, 'write', join(dir, 'spec.json')]);
  console.log('20,000 tags, one value each, 0.9 MB event file');
  console.log('command                                   exit  peak RSS    wall');
  for (const args of [
    ['table', 'run'],
    ['runs', '.'],
    ['import', 'tensorboard', 'run', '--out', 'out.csv', '--force'],
    ['export', '.', '--out', 'all.csv', '--force'],
  ]) {
    const result = spawnSync(TIME, ['-v', process.execPath, bin, ...args], { cwd: dir, encoding: 'utf8' });
    const peak = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(result.stderr)?.[1]) / 1024;
    const wall = /Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): ([\d:.]+)/.exec(result.stderr)?.[1];
    console.log(
      `${args.join(' ').padEnd(40)}  ${String(result.status).padStart(4)}  ${peak.toFixed(0).padStart(5)} MB  ${wall}`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
