/**
 * The native Skia canvas (@napi-rs/canvas, a 36 MB shared library) is mapped only by commands that draw.
 * Each command runs as a real child with a preload that, at exit, lists the `.node` libraries in
 * /proc/self/maps: what the process really loaded, whichever module path reached it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { binPath, copyFixture, python, runCli, tempDir } from './helpers.js';

const hasProcMaps = existsSync('/proc/self/maps');
if (!hasProcMaps) console.warn('skipping the native-canvas tests: no /proc/self/maps on this system');

const probe = join(tempDir('probe'), 'native-probe.cjs');
writeFileSync(
  probe,
  `process.on('exit', () => {
  const fs = require('fs');
  const maps = fs.readFileSync('/proc/self/maps', 'utf8');
  const libs = new Set(maps.split('\\n').map((l) => l.split(/\\s+/)[5]).filter((p) => p && p.endsWith('.node')));
  fs.writeFileSync(process.env.NATIVE_PROBE_OUT, JSON.stringify([...libs]));
});\n`,
);

/** Runs the command with the probe preloaded; returns its result and the native libraries it mapped. */
async function nativeLibraries(args: string[]) {
  const out = join(tempDir('probe-out'), 'libs.json');
  const result = await runCli(args, {
    env: { NODE_OPTIONS: `--require ${probe}`, NATIVE_PROBE_OUT: out },
  });
  const libs = JSON.parse(readFileSync(out, 'utf8')) as string[];
  return { result, skia: libs.filter((lib) => /skia|canvas/i.test(lib)) };
}

/** Two groups of two CSV runs: enough for `runs --json`. */
function runsRoot(): string {
  const root = tempDir('runs-native');
  for (const group of ['a', 'b'])
    for (const seed of [1, 2]) {
      mkdirSync(join(root, group), { recursive: true });
      const lines = ['step,reward'];
      for (let step = 1; step <= 20; step++) lines.push(`${step},${step * (group === 'a' ? 1 : 2) + seed}`);
      writeFileSync(join(root, group, `seed${seed}.csv`), `${lines.join('\n')}\n`);
    }
  return root;
}

/** A TensorBoard event file written by the Python oracle of @evidence/sources' tests. */
function tensorboardRun(): string | null {
  if (spawnSync(python, ['-c', 'import numpy'], { stdio: 'ignore' }).status !== 0) return null;
  const oracle = fileURLToPath(new URL('../../../packages/sources/test/tb_oracle.py', import.meta.url));
  const root = tempDir('tb-native');
  const dir = join(root, 'run');
  mkdirSync(dir);
  const records = [0, 1, 2].map((step) => ({
    wall_time: 1_700_000_000 + step,
    step,
    values: [{ tag: 'charts/episodic_return', kind: 'simple', value: step }],
  }));
  const spec = join(root, 'spec.json');
  writeFileSync(
    spec,
    JSON.stringify({
      files: [{ path: join(dir, 'events.out.tfevents.1700000000.host.1.0'), records }],
      expected_csv: join(root, 'expected.csv'),
    }),
  );
  const written = spawnSync(python, [oracle, 'write', spec], { encoding: 'utf8' });
  if (written.status !== 0) throw new Error(`tb_oracle.py failed: ${written.stderr}`);
  return dir;
}

describe.skipIf(!hasProcMaps)('the native canvas is loaded only to draw', () => {
  const evidence = copyFixture();

  it.each([
    ['compare', ['compare', join(evidence, 'pre_eval.jsonl'), join(evidence, 'post_eval.jsonl')]],
    ['table', ['table', join(evidence, 'training_log.csv')]],
    ['env', ['env']],
    ['runs --json', ['runs', runsRoot(), '--json', '--resamples', '200']],
  ])('evidence %s never maps it', async (_name, args) => {
    const { result, skia } = await nativeLibraries(args);
    expect(result.code, result.stderr).toBe(0);
    expect(skia).toEqual([]);
  });

  it('evidence import tensorboard never maps it', async (context) => {
    const dir = tensorboardRun();
    if (!dir) {
      if (process.env.CI === 'true') throw new Error(`${python} with numpy is required on CI`);
      context.skip(`${python} with numpy is not available to write the event file`);
      return;
    }
    const { result, skia } = await nativeLibraries([
      'import',
      'tensorboard',
      dir,
      '--out',
      join(tempDir('tb-out'), 'scalars.csv'),
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(skia).toEqual([]);
  });

  // `export` (DESIGN.md: `evidence export ROOT --out FILE.parquet|.csv`) is checked once the command exists.
  const hasExport = /^Usage: evidence export/m.test(
    spawnSync(process.execPath, [binPath, 'export', '--help'], { encoding: 'utf8' }).stdout,
  );
  if (!hasExport) console.warn('skipped: the native-canvas check of `evidence export` (no such command yet)');
  it.skipIf(!hasExport)('evidence export never maps it', async () => {
    const { result, skia } = await nativeLibraries([
      'export',
      runsRoot(),
      '--out',
      join(tempDir('export-native'), 'runs.csv'),
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(skia).toEqual([]);
  });

  it('evidence plot to a PNG maps it (the probe sees a loaded canvas)', async () => {
    const { result, skia } = await nativeLibraries([
      'plot',
      join(evidence, 'training_log.csv'),
      '-o',
      join(tempDir('plot-native'), 'curve.png'),
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(skia.length).toBeGreaterThan(0);
  });
});
