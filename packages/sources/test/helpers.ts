import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const python = process.env.PYTHON ?? '/usr/bin/python3';
export const oracleScript = fileURLToPath(new URL('./tb_oracle.py', import.meta.url));

/** The independent oracle (Python with numpy). Off CI a missing one skips, saying so; under CI=true it must run. */
export const oracleAvailable =
  spawnSync(python, ['-c', 'import numpy'], { stdio: 'ignore' }).status === 0 || process.env.CI === 'true';
if (!oracleAvailable) console.warn(`skipping the Python oracle tests: ${python} with numpy is not available`);

export function tempDir(label = 'sources'): string {
  return mkdtempSync(join(tmpdir(), `evidence-${label}-`));
}

export interface OracleValue {
  tag: string;
  kind:
    | 'simple'
    | 'tensor_float_val'
    | 'tensor_content_float'
    | 'tensor_double_val'
    | 'tensor_content_double'
    | 'histogram'
    | 'image'
    | 'text'
    | 'hparams';
  value?: number;
  /** kind 'hparams': the session's hyper-parameters, as torch's add_hparams writes them */
  hparams?: Record<string, number | string | boolean>;
}
export interface OracleRecord {
  wall_time: number;
  step: number;
  values: OracleValue[];
  corrupt?: 'data' | 'length';
  /** A SessionLog START event at this step (what torch's SummaryWriter(purge_step=…) writes on resume). */
  session_start?: boolean;
}
export interface OracleFile {
  path: string;
  records: OracleRecord[];
  torn_tail?: number;
  /** The file's first record (default "brain.Event:2"); null writes none (an old TF1 file). */
  file_version?: string | null;
  /** Column names the reader should give this file's tags (add_scalars subfolders). */
  columns?: Record<string, string>;
}

/** Writes event files with the Python oracle; returns the path of the CSV it expects, when asked for one. */
export function writeWithOracle(dir: string, files: OracleFile[], expectCsv = true): string {
  const spec = join(dir, 'spec.json');
  const expected = join(dir, 'expected.csv');
  writeFileSync(spec, JSON.stringify({ files, ...(expectCsv ? { expected_csv: expected } : {}) }));
  const result = spawnSync(python, [oracleScript, 'write', spec], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`tb_oracle.py write failed: ${result.stderr}`);
  return expected;
}

/** A copy of a fixture folder whose files were last written an hour ago: nobody is appending to them. */
export function settledCopy(fixtures: string, name: string): string {
  const dir = join(tempDir('fixture'), name);
  cpSync(join(fixtures, name), dir, { recursive: true });
  const old = new Date(Date.now() - 3_600_000);
  const touch = (path: string): void => {
    for (const entry of readdirSync(path)) {
      const child = join(path, entry);
      if (statSync(child).isDirectory()) touch(child);
      else utimesSync(child, old, old);
    }
  };
  touch(dir);
  return dir;
}
