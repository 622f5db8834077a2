/**
 * Reading TensorBoard event files, next to baselines measured in the same run.
 *
 *   pnpm bench              1,000,000 scalars (CleanRL-like: one scalar per event, 5 tags)
 *   pnpm bench -- 200000    fewer (quick look)
 *
 * Target (issue 16): reading event files at ≥ 1,000,000 scalars/s. Baselines: reading the file's bytes
 * (the floor any reader pays), framing + both CRCs without decoding, and the Python oracle's reader
 * (test/tb_oracle.py, pure Python) on a smaller file. Each case: best of 3, in wall-clock seconds and in
 * CPU seconds of the process (user + system): on a shared, loaded machine the wall-clock rate understates.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Writer } from 'protobufjs/light.js';
import { forEachRecord, frameRecord, readTensorboardScalars, tensorboardCsv } from '../src/index.js';
import { best, count, inTempDir, machine, sizeArgument, type Timing, table } from './helpers.js';

const SCALARS = sizeArgument(1_000_000);
const PYTHON_SCALARS = Math.min(SCALARS, 50_000);
const TAGS = [
  'charts/episodic_return',
  'charts/episodic_length',
  'losses/value_loss',
  'losses/policy_loss',
  'charts/SPS',
];
const python = process.env.PYTHON ?? '/usr/bin/python3';
const oracle = fileURLToPath(new URL('../test/tb_oracle.py', import.meta.url));

/** One event as torch's SummaryWriter.add_scalar writes it: wall_time, step, summary{value{tag, simple_value}}. */
function scalarEvent(step: number, wallTime: number, tag: string, value: number): Uint8Array {
  const inner = Writer.create().uint32(10).string(tag).uint32(21).float(value).finish();
  const summary = Writer.create().uint32(10).bytes(inner).finish();
  return Writer.create().uint32(9).double(wallTime).uint32(16).int64(step).uint32(42).bytes(summary).finish();
}

function writeEventFile(path: string, scalars: number): number {
  const parts: Buffer[] = [];
  for (let i = 0; i < scalars; i++) {
    const step = Math.floor(i / TAGS.length) * 128;
    parts.push(
      frameRecord(scalarEvent(step, 1.7e9 + i * 0.001, TAGS[i % TAGS.length] as string, Math.sin(i) * 100)),
    );
  }
  const bytes = Buffer.concat(parts);
  writeFileSync(path, bytes);
  return bytes.length;
}

await inTempDir('sources-bench', async (dir) => {
  const file = join(dir, 'events.out.tfevents.1700000000.bench.1.0');
  const size = writeEventFile(file, SCALARS);
  const rows: [string, number, Timing][] = [];
  const add = (name: string, scalars: number, timing: Timing) => rows.push([name, scalars, timing]);

  add('baseline: read the file bytes', SCALARS, await best(() => readFile(file)));
  add(
    'baseline: framing + both CRCs, no decoding',
    SCALARS,
    await best(async () => {
      const issues: string[] = [];
      let records = 0;
      forEachRecord(await readFile(file), file, issues, () => records++);
      if (records !== SCALARS || issues.length > 0)
        throw new Error('framing baseline read the wrong records');
    }),
  );
  const pythonFile = join(dir, 'python', 'events.out.tfevents.1700000000.bench.1.0');
  mkdirSync(join(dir, 'python'));
  writeEventFile(pythonFile, PYTHON_SCALARS);
  const start = performance.now();
  const pythonRead = spawnSync(python, [oracle, 'read', pythonFile], { encoding: 'utf8' });
  if (pythonRead.status === 0) {
    const wall = (performance.now() - start) / 1000;
    const { scalars, cpu_seconds } = JSON.parse(pythonRead.stdout) as {
      scalars: number;
      cpu_seconds: number;
    };
    if (scalars !== PYTHON_SCALARS) throw new Error('the Python reader miscounted');
    add('baseline: Python oracle reader (tb_oracle.py read)', PYTHON_SCALARS, { wall, cpu: cpu_seconds });
  } else console.log(`(no Python baseline: ${python} failed)`);

  let tags = 0;
  add(
    'readTensorboardScalars (framing, CRCs, protobufjs decode, series per tag)',
    SCALARS,
    await best(async () => {
      const scalars = await readTensorboardScalars(file);
      tags = scalars.series.length;
    }),
  );
  const read = await readTensorboardScalars(file);
  add('tensorboardCsv (the wide CSV of import)', SCALARS, await best(() => tensorboardCsv(read)));

  console.log(
    `\n@evidence/sources: ${count(SCALARS)} scalars, ${tags} tags, ${(size / 1e6).toFixed(1)} MB event file · ${machine()}\n`,
  );
  const rate = (scalars: number, seconds: number) => count(Math.round(scalars / seconds));
  console.log(
    table(
      ['case', 'scalars', 'wall s', 'scalars/s', 'cpu s', 'scalars/cpu-s'],
      rows.map(([name, scalars, { wall, cpu }]) => [
        name,
        count(scalars),
        wall.toFixed(3),
        rate(scalars, wall),
        cpu.toFixed(3),
        rate(scalars, cpu),
      ]),
    ),
  );
  const [, scalars, timing] = rows.find(([name]) =>
    name.startsWith('readTensorboardScalars'),
  ) as (typeof rows)[number];
  const wallRate = scalars / timing.wall;
  const cpuRate = scalars / timing.cpu;
  console.log(
    `\ntarget ≥ 1,000,000 scalars/s: ${wallRate >= 1e6 ? 'met' : cpuRate >= 1e6 ? 'met per CPU-second only (the machine is loaded)' : 'NOT met'}` +
      ` (${count(Math.round(wallRate))}/s wall, ${count(Math.round(cpuRate))}/cpu-s)`,
  );
});
