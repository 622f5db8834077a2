import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { readCsvLog } from '../src/index.js';
import { tempDir } from './helpers.js';

const CHILD = fileURLToPath(new URL('./child/join.mjs', import.meta.url));
const entry = inject('csvLogEntry');
const running = new Set<ChildProcess>();
afterEach(() => {
  for (const child of running) child.kill('SIGKILL');
});

function run(file: string, kind: string, n: number) {
  const child = spawn(process.execPath, [CHILD, entry, file, kind, String(n)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let stdout = '';
  let stderr = '';
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk;
    if (stdout.includes('ready\n')) markReady();
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
  const ended = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => {
      running.delete(child);
      markReady();
      resolve({ code, stdout, stderr });
    }),
  );
  return { ready, ended };
}

describe('a writer joining a log while another process appends to it', () => {
  const dir = tempDir();

  it('a row still being written in pieces is left to its writer, whose rest lands where it belongs', async () => {
    const file = join(dir, 'slow.csv');
    writeFileSync(file, 'writer,seq,payload\nfirst,0,x\n');
    const slow = run(file, 'slow', 1200);
    await slow.ready;
    const joiner = run(file, 'join', 1);
    const [slowEnd, joinEnd] = await Promise.all([slow.ended, joiner.ended]);
    expect(slowEnd.code, slowEnd.stderr).toBe(0);
    expect(joinEnd.code, joinEnd.stderr).toBe(0);
    expect(joinEnd.stdout).not.toMatch(/warning/);
    expect(existsSync(`${file}.torn`)).toBe(false);
    expect(readFileSync(file, 'utf8')).toBe(
      'writer,seq,payload\nfirst,0,x\nslow,0,"a row, ""written""\nin pieces"\njoin,0,small\n',
    );
  });

  it('never moves pieces of the other process rows into .torn: every row of both, whole', async () => {
    const file = join(dir, 'shared', 'shared.csv');
    mkdirSync(join(dir, 'shared'));
    const big = run(file, 'big', 60);
    await big.ready;
    const joiners = run(file, 'join', 150);
    const [bigEnd, joinEnd] = await Promise.all([big.ended, joiners.ended]);
    expect(bigEnd.code, bigEnd.stderr).toBe(0);
    expect(joinEnd.code, joinEnd.stderr).toBe(0);
    expect(joinEnd.stdout).not.toMatch(/warning/);
    expect(readdirSync(join(dir, 'shared')).filter((name) => name.includes('.torn'))).toEqual([]);
    expect(existsSync(`${file}.torn`)).toBe(false);
    const iterable = readCsvLog(file, { strict: true });
    const seen = { big: [] as number[], join: [] as number[] };
    for await (const row of iterable) {
      const writer = row.writer as 'big' | 'join';
      seen[writer].push(row.seq as number);
      if (writer === 'big') expect((row.payload as string).length).toBe((1 << 20) | 1);
    }
    expect(iterable.issues).toEqual({ torn: null, skipped: [] });
    expect(seen.big).toEqual(Array.from({ length: 60 }, (_, i) => i));
    expect(seen.join).toEqual(Array.from({ length: 150 }, (_, i) => i));
  });
});
