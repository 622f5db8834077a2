/**
 * Small hostile inputs through the built `evidence` command, each beside a real run (issue 40).
 *
 *   pnpm bench                 (after the others; needs apps/cli built)
 *   tsx bench/hostile.ts [npz]     (only the inputs whose name holds the word given)
 *
 * Budget: nothing under 5 MB may take more than 1 GiB or 10 s. Each input is run once as a child under
 * GNU time (wall seconds, peak resident memory); the figures before the fixes are in issue 40 (alias
 * bomb 17–23 s and 1.9 GB, then a crash; a 1.5 MB .npz 1.6 GB; 200,000 hyper-parameters 24 s and
 * 1.5 GB in export; 20,000 empty CSVs 15 s). An .npz lying about its sizes (4.7 MB, 19 entries each
 * declaring 1 KB, each inflating to 256 MiB) took 11.95 CPU s (33 s wall at load 13) in `runs` before its
 * entries were stopped at their declared size, 1.04 CPU s after (2 cores, node 20).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateRawSync } from 'node:zlib';
import { zipSync } from 'fflate';
import { aliasBomb, npy, runFolder, zipOf } from '../test/hostile-fixtures.js';
import { inTempDir, machine, table } from './helpers.js';

const BIN = fileURLToPath(new URL('../../../apps/cli/dist/bin.js', import.meta.url));
const TIME = '/usr/bin/time';
const BUDGET = { seconds: 10, bytes: 2 ** 30 };

interface Input {
  name: string;
  /** Writes the input beside a run under `root`; returns the command's arguments. */
  make(root: string): string[];
}

/** An EvalCallback-shaped .npz whose `results` of zeros deflates ~1000:1 (the bomb is honest: sizes declared). */
function npzBomb(): Uint8Array {
  // 320 MB of zeros in 0.3 MB (issue 40's was 1.6 GB in 1.5 MB: the same bomb, past the same bound)
  const values = 40_000_000;
  return zipSync({
    'timesteps.npy': [npy('(10,)', new Float64Array(10)), { level: 9 }],
    'results.npy': [npy(`(10, ${values / 10})`, new Float64Array(values)), { level: 9 }],
  });
}

/**
 * An .npz that lies: 19 entries (`timesteps`, `results`, 17 more), each declaring 1,000 bytes and each
 * 0.25 MB of deflated zeros that inflate to 256 MiB: 4.7 MB on disk, 4.75 GiB if inflated to its end.
 */
function lyingNpz(): Buffer {
  const zeros = deflateRawSync(Buffer.alloc(256 * 2 ** 20), { level: 9 });
  const names = ['timesteps', 'results', ...Array.from({ length: 17 }, (_, i) => `x${i}`)];
  return zipOf(names.map((name) => [`${name}.npy`, zeros, 1000]));
}

const INPUTS: Input[] = [
  ...(['list', 'map'] as const).map((form) => ({
    name: `YAML alias bomb (${form}) as config.yml: runs`,
    make: (root: string) => {
      runFolder(root, 'run', { 'config.yml': aliasBomb(form) });
      return ['runs', '.'];
    },
  })),
  {
    name: '.npz of 320 MB of zeros (evaluations.npz): runs',
    make: (root) => {
      runFolder(root, 'run', { 'evaluations.npz': npzBomb() });
      return ['runs', '.'];
    },
  },
  {
    name: '.npz whose entries declare 1 KB and inflate to 256 MiB each (4.7 MB): runs',
    make: (root) => {
      runFolder(root, 'run', { 'evaluations.npz': lyingNpz() });
      return ['runs', '.'];
    },
  },
  {
    name: 'run.json of 200,000 hyper-parameters: export',
    make: (root) => {
      const config = Object.fromEntries(Array.from({ length: 200_000 }, (_, i) => [`hp_${i}`, i / 2]));
      runFolder(root, 'run', { 'run.json': JSON.stringify({ config }) });
      return ['export', '.', '-o', join(root, 'out.csv')];
    },
  },
  {
    name: '20,000 empty CSVs: runs',
    make: (root) => {
      runFolder(root, 'run');
      for (let d = 0; d < 200; d++) {
        mkdirSync(join(root, `d${d}`));
        for (let f = 0; f < 100; f++) writeFileSync(join(root, `d${d}`, `f${f}.csv`), '');
      }
      return ['runs', '.'];
    },
  },
  {
    name: 'a link to / beside a run: runs',
    make: (root) => {
      runFolder(root, 'run');
      symlinkSync('/', join(root, 'machine'));
      return ['runs', '.'];
    },
  },
];

/** The command once under GNU time: wall seconds, peak bytes, exit code. */
function measure(
  args: string[],
  cwd: string,
): { seconds: number; cpu: number; bytes: number; code: number | null } {
  const child = spawnSync(TIME, ['-v', process.execPath, BIN, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
    maxBuffer: 256 * 2 ** 20,
  });
  const bytes = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(child.stderr)?.[1]) * 1024;
  const clock = /Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (?:(\d+):)?(\d+):([\d.]+)/.exec(
    child.stderr,
  );
  const seconds = clock
    ? Number(clock[1] ?? 0) * 3600 + Number(clock[2]) * 60 + Number(clock[3])
    : Number.NaN;
  const time = (what: string) =>
    Number(new RegExp(`${what} time \\(seconds\\): ([\\d.]+)`).exec(child.stderr)?.[1]);
  return { seconds, cpu: time('User') + time('System'), bytes, code: child.status };
}

/** Bytes under `root` (the input and its run) before the command runs. */
function inputSize(root: string): number {
  return Number(spawnSync('du', ['-sb', root], { encoding: 'utf8' }).stdout.split('\t')[0]);
}

if (!existsSync(BIN) || !existsSync(TIME)) {
  console.log(`hostile inputs: skipped (needs ${BIN} built and GNU time at ${TIME})`);
} else {
  const rows: string[][] = [];
  const only = process.argv[2];
  for (const input of INPUTS.filter((i) => !only || i.name.includes(only)))
    await inTempDir('hostile-bench', async (root) => {
      const args = input.make(root);
      const size = inputSize(root);
      const { seconds, cpu, bytes, code } = measure(args, root);
      // judged on CPU seconds: a shared machine's load stretches the wall clock, not the work done
      const within = cpu <= BUDGET.seconds && bytes <= BUDGET.bytes;
      rows.push([
        input.name,
        `${(size / 2 ** 20).toFixed(2)} MB`,
        seconds.toFixed(2),
        cpu.toFixed(2),
        `${(bytes / 2 ** 20).toFixed(0)} MB`,
        String(code),
        within ? 'within' : '**over**',
      ]);
    });
  console.log(`\nSmall hostile inputs through the built command (${machine()})`);
  console.log(
    `budget: ${BUDGET.seconds} CPU s and ${BUDGET.bytes / 2 ** 30} GiB each; once each under GNU time\n`,
  );
  console.log(
    table(['input', 'size', 'wall s', 'CPU s', 'peak', 'exit', 'budget'], rows, (i) => i > 0 && i < 6),
  );
}
