import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { python, runCli, tempDir } from './helpers.js';

// The independent writer of @evidence/sources' tests: frames records, masks CRC-32C, encodes protobuf by hand.
const oracle = fileURLToPath(new URL('../../../packages/sources/test/tb_oracle.py', import.meta.url));
const canWrite =
  spawnSync(python, ['-c', 'import numpy'], { stdio: 'ignore' }).status === 0 || process.env.CI === 'true';
if (!canWrite) console.warn(`skipping the import e2e tests: ${python} with numpy is not available`);

interface Written {
  dir: string;
  expected: string;
}

/** A CleanRL-style run folder written by the Python oracle; `corrupt` damages the record of step 2. */
function cleanrlRun(options: { corrupt?: boolean; tornTail?: number } = {}): Written {
  const root = tempDir('import');
  const dir = join(root, 'runs', 'CartPole-v1__ppo__1__1700000000');
  mkdirSync(dir, { recursive: true });
  const records = Array.from({ length: 5 }, (_, step) => ({
    wall_time: 1_700_000_000.5 + step,
    step: step * 128,
    values: [
      { tag: 'charts/episodic_return', kind: 'simple', value: 9.5 + step * 0.1 },
      ...(step % 2 === 0
        ? [{ tag: 'losses/value_loss', kind: 'tensor_float_val', value: 1 / (step + 3) }]
        : []),
      { tag: 'charts/learning_rate', kind: 'tensor_double_val', value: 2.5e-4 * (1 - step / 5) },
      { tag: 'charts/histogram', kind: 'histogram' },
    ],
    ...(options.corrupt && step === 2 ? { corrupt: 'data' } : {}),
  }));
  const spec = join(root, 'spec.json');
  const expected = join(root, 'expected.csv');
  const file = {
    path: join(dir, 'events.out.tfevents.1700000000.host.1.0'),
    records,
    torn_tail: options.tornTail,
  };
  writeFileSync(spec, JSON.stringify({ files: [file], expected_csv: expected }));
  const result = spawnSync(python, [oracle, 'write', spec], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`tb_oracle.py failed: ${result.stderr}`);
  return { dir, expected };
}

function cells(csv: string): string[][] {
  return csv
    .trimEnd()
    .split('\n')
    .map((line) => line.split(','));
}

describe.skipIf(!canWrite)('evidence import tensorboard', () => {
  it('writes one wide CSV: step, wall_time, every scalar tag; empty where a tag has no value', async () => {
    const { dir, expected } = cleanrlRun();
    const out = join(dir, '..', 'ppo.csv');
    const result = await runCli(['import', 'tensorboard', dir, '--out', out]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^wrote {3}.*ppo\.csv \(13 values of 3 tags in 5 rows, from 1 event file\)\n$/,
    );
    expect(result.stderr).toBe(`evidence: warning: ${dir}: skipped 5 histograms (not scalars)\n`);
    const ours = cells(readFileSync(out, 'utf8'));
    const theirs = cells(readFileSync(expected, 'utf8'));
    expect(ours[0]).toEqual(theirs[0]);
    expect(ours[0]).toEqual([
      'step',
      'wall_time',
      'charts/episodic_return',
      'losses/value_loss',
      'charts/learning_rate',
    ]);
    expect(ours.length).toBe(theirs.length);
    for (const [r, row] of ours.slice(1).entries()) {
      for (const [c, cell] of row.entries()) {
        const other = theirs[r + 1]?.[c] as string;
        expect(cell === '' ? '' : Number(cell), `row ${r + 1} col ${c}`).toBe(
          other === '' ? '' : Number(other),
        );
      }
    }
    expect(ours[1]?.[2]).toBe('9.5');
    expect(ours[2]?.[3]).toBe(''); // value_loss is logged every other step
    expect(readdirSync(join(dir, '..'))).not.toContain(expect.stringMatching(/\.tmp$/));
  });

  it('a corrupted record and a torn tail are warnings naming the file and byte offset; the rest is written', async () => {
    const { dir } = cleanrlRun({ corrupt: true, tornTail: 30 });
    // --json: the result on stdout, the warnings in it too (and still on stderr)
    const again = join(tempDir('import-json'), 'again.csv'); // outside the run: not read back
    const json = await runCli(['import', 'tensorboard', dir, '-o', again, '--json']);
    expect(json.code, json.stderr).toBe(0);
    const written = JSON.parse(json.stdout) as {
      out: string;
      rows: number;
      event_files: number;
      warnings: string[];
    };
    expect(written).toMatchObject({ out: again, rows: 4, event_files: 1 });
    expect(written.warnings.some((w) => /torn tail/.test(w))).toBe(true);
    expect(json.stderr).toMatch(/torn tail/);
    const out = join(dir, 'out.csv');
    const result = await runCli(['import', 'tensorboard', dir, '-o', out]);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(
      /warning: .*events\.out\.tfevents\.1700000000\.host\.1\.0: byte \d+: record data fails its CRC/,
    );
    expect(result.stderr).toMatch(
      /warning: .*events\.out\.tfevents\.1700000000\.host\.1\.0: byte \d+: torn tail/,
    );
    expect(cells(readFileSync(out, 'utf8')).map((row) => row[0])).toEqual(['step', '0', '128', '384', '512']);
  });

  it('refuses to write over an existing file unless --force; imports again over its own output', async () => {
    const { dir } = cleanrlRun();
    const out = join(dir, 'mine.csv');
    writeFileSync(out, 'precious\n');
    const refused = await runCli(['import', 'tensorboard', dir, '--out', out]);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toBe(`evidence: ${out}: already exists; pass --force to replace it`);
    expect(readFileSync(out, 'utf8')).toBe('precious\n');
    const forced = await runCli(['import', 'tensorboard', dir, '--out', out, '--force']);
    expect(forced.code).toBe(0);
    const first = readFileSync(out, 'utf8');
    expect(first).toMatch(/^step,wall_time,/);
    // again, its earlier CSV now in the run folder: read from the event files as before
    const again = await runCli(['import', 'tensorboard', dir, '--out', out, '--force']);
    expect(again.code, again.stderr).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(first);
  });
});

describe('evidence import: bad input and usage', () => {
  it('a missing folder, a folder without event files: exit 1, one line, nothing written', async () => {
    const dir = tempDir('import-bad');
    const out = join(dir, 'out.csv');
    const missing = await runCli(['import', 'tensorboard', join(dir, 'nowhere'), '--out', out]);
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim()).toBe(`evidence: ${join(dir, 'nowhere')}: no such file or directory`);
    writeFileSync(join(dir, 'progress.csv'), 'a\n1\n');
    const notEvents = await runCli(['import', 'tensorboard', join(dir, 'progress.csv'), '--out', out]);
    expect(notEvents.code).toBe(1);
    expect(notEvents.stderr.trim()).toBe(
      `evidence: ${join(dir, 'progress.csv')}: not a TensorBoard event file (events.out.tfevents.*) nor a run folder`,
    );
    const empty = await runCli(['import', 'tensorboard', dir, '--out', out]);
    expect(empty.code).toBe(1);
    expect(empty.stderr.trim()).toBe(`evidence: ${dir}: no TensorBoard event files (events.out.tfevents.*)`);
    expect(existsSync(out)).toBe(false);
  });

  it('event files with no scalars: exit 1 and nothing written', async () => {
    const dir = tempDir('import-noscalars');
    writeFileSync(join(dir, 'events.out.tfevents.1.host'), Buffer.alloc(0));
    const result = await runCli(['import', 'tensorboard', dir, '--out', join(dir, 'out.csv')]);
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(`evidence: ${dir}: no scalar values in 1 event file; nothing written`);
    expect(existsSync(join(dir, 'out.csv'))).toBe(false);
  });

  it('no --out, no format, an unknown format: exit 2 with usage', async () => {
    const dir = tempDir('import-usage');
    const noOut = await runCli(['import', 'tensorboard', dir]);
    expect(noOut.code).toBe(2);
    expect(noOut.stderr).toContain("required option '-o, --out <file>' not specified");
    expect((await runCli(['import'])).code).toBe(2);
    const unknown = await runCli(['import', 'mlflow', dir]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("unknown command 'mlflow'");
  });

  it('import tensorboard --help describes the command and exits 0', async () => {
    const result = await runCli(['import', 'tensorboard', '--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Usage: evidence import tensorboard [options] <run-dir>');
    expect(result.stderr).toBe('');
  });
});
