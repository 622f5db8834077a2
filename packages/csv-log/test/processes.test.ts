import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { loadCsvLog, readCsvLog } from '../src/index.js';
// @ts-expect-error plain .mjs shared with the child processes, no types
// biome-ignore lint/correctness/useImportExtensions: rows.mjs is plain JavaScript, named as it is
import { COLUMNS, expectedRow } from './child/rows.mjs';
import { tempDir } from './helpers.js';

const CHILD = fileURLToPath(new URL('./child/append.mjs', import.meta.url));
const entry = inject('csvLogEntry');
const running = new Set<ChildProcess>();
afterEach(() => {
  for (const child of running) child.kill('SIGKILL'); // never leave a child appending after a failure
});

interface Ended {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

function startChild(
  file: string,
  mode: string,
  how: string,
  nodeFlags: string[] = [],
): { child: ChildProcess; ready: Promise<void>; ended: Promise<Ended> } {
  const child = spawn(process.execPath, [...nodeFlags, CHILD, entry, file, mode, how], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let stdout = '';
  let stderr = '';
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk;
    if (stdout.includes('ready\n')) markReady();
  });
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk));
  const ended = new Promise<Ended>((resolve) =>
    child.on('close', (code, signal) => {
      running.delete(child);
      markReady();
      resolve({ code, signal, stdout, stderr });
    }),
  );
  return { child, ready, ended };
}

async function runChild(file: string, mode: string, how: string, nodeFlags: string[] = []): Promise<Ended> {
  return startChild(file, mode, how, nodeFlags).ended;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every row is complete, equal to the one appended for its step, and the steps are 0, 1, 2, … in order. */
async function expectIntactSequence(file: string): Promise<number> {
  const iterable = readCsvLog(file, { strict: true });
  let step = 0;
  const wrong: unknown[] = [];
  for await (const row of iterable) {
    const { wall_time_s, ...cells } = row;
    const expected = expectedRow(step);
    const same =
      typeof wall_time_s === 'number' &&
      Object.keys(expected).length === Object.keys(cells).length &&
      Object.entries(expected).every(([key, value]) => Object.is(cells[key], value));
    if (!same && wrong.length < 3) wrong.push({ expected, got: row });
    step++;
  }
  expect(wrong).toEqual([]);
  expect(iterable.issues.skipped).toEqual([]);
  return step;
}

describe('child processes', () => {
  const dir = tempDir();

  it('survives 54 SIGKILLs at random moments in buffered and line mode; reopened writers continue cleanly', async () => {
    const KILLS_PER_FILE = 9;
    const files = ['buffered', 'line'].flatMap((mode) =>
      [0, 1, 2].map((k) => ({ mode, file: join(dir, `kill-${mode}-${k}.csv`) })),
    );
    let kills = 0;
    await Promise.all(
      files.map(async ({ mode, file }) => {
        for (let round = 0; round < KILLS_PER_FILE; round++) {
          const { child, ready, ended } = startChild(file, mode, 'forever');
          await ready;
          await sleep(Math.random() * 120);
          child.kill('SIGKILL');
          const end = await ended;
          expect(end.signal, end.stderr).toBe('SIGKILL');
          kills++;
          // Between crashes the file is always readable: complete rows in order, at most a torn tail.
          await expectIntactSequence(file);
        }
        const before = (await loadCsvLog(file, { columns: ['step'] })).rowCount;
        const end = await runChild(file, mode, 'count:25');
        expect(end.code, end.stderr).toBe(0);
        const after = await loadCsvLog(file);
        expect(after.issues).toEqual({ torn: null, skipped: [] });
        expect(await expectIntactSequence(file)).toBe(before + 25);
        if (existsSync(`${file}.torn`))
          expect(readFileSync(`${file}.torn`, 'utf8').length).toBeGreaterThan(0);
      }),
    );
    expect(kills).toBeGreaterThanOrEqual(50);
  });

  it('4 processes appending 50,000 rows each in line mode give 200,000 complete lines', async () => {
    const file = join(dir, 'shared.csv');
    const ends = await Promise.all([1, 2, 3, 4].map((id) => runChild(file, 'line', `writer:${id}:50000`)));
    for (const end of ends) expect(end.code, end.stderr).toBe(0);
    const text = readFileSync(file, 'utf8');
    const lines = text.split('\n');
    expect(lines.pop()).toBe('');
    expect(lines[0]).toBe('writer,seq,payload');
    expect(lines.length).toBe(200_001);
    const nextSeq = new Map<string, number>();
    const wrong: string[] = [];
    for (const line of lines.slice(1)) {
      const [writer, seq, payload] = line.split(',');
      // complete and not interleaved: the payload length is a function of the writer id, and each
      // writer's rows appear in the order it appended them
      const ok =
        payload?.length === Number(writer) * 17 + 40 && Number(seq) === (nextSeq.get(writer as string) ?? 0);
      if (!ok && wrong.length < 3) wrong.push(line);
      nextSeq.set(writer as string, Number(seq) + 1);
    }
    expect(wrong).toEqual([]);
    expect([...nextSeq.values()]).toEqual([50_000, 50_000, 50_000, 50_000]);
  });

  const prlimit = ['/usr/bin/prlimit', '/bin/prlimit'].find((path) => existsSync(path));
  for (const mode of ['line', 'buffered']) {
    it.skipIf(!prlimit && process.env.CI !== 'true')(
      `a disk that refuses writes (${mode}): reported once, rows kept and written in order once it accepts them again (needs prlimit)`,
      async () => {
        const file = join(dir, `limited-${mode}.csv`);
        const script = fileURLToPath(new URL('./child/file-size-limit.mjs', import.meta.url));
        // A soft RLIMIT_FSIZE of 4 KiB (raising it back needs no privilege) makes write() fail with EFBIG (after one short write), like a full disk.
        const child = spawn(
          'bash',
          ['-c', 'ulimit -S -f 4; exec "$0" "$@"', process.execPath, script, entry, file, mode],
          {
            stdio: ['pipe', 'pipe', 'pipe'],
          },
        );
        running.add(child);
        let stdout = '';
        let stderr = '';
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
        const ended = new Promise<number | null>((resolve) => child.on('close', resolve));
        await new Promise<void>((resolve) =>
          child.stdout.on('data', (chunk: Buffer) => {
            stdout += chunk;
            if (stdout.includes('stuck\n')) resolve();
          }),
        );
        expect(readFileSync(file).length).toBeLessThanOrEqual(4096);
        execFileSync(prlimit as string, ['--pid', String(child.pid), '--fsize=unlimited:']);
        child.stdin.end('go\n');
        expect(await ended, stderr).toBe(0);
        running.delete(child);
        const errors = stdout.split('\n').filter((line) => line.startsWith('error: '));
        expect(errors).toHaveLength(1);
        expect(errors[0]).toMatch(/limited-\w+\.csv: file too large \(EFBIG\)/);
        const log = await loadCsvLog(file, { strict: true });
        expect(log.issues).toEqual({ torn: null, skipped: [] });
        expect([...log.numeric('step')]).toEqual(Array.from({ length: 210 }, (_, i) => i));
        expect(log.columns.text?.[199]).toBe(`row 199 ${'x'.repeat(49)}`);
      },
    );
  }

  // The format worker this package once started for a fast log refused these flags and killed the run.
  for (const flag of ['--stack-trace-limit=50', '--trace-gc']) {
    it(`a fast buffered log under node ${flag}: no error, every row`, async () => {
      const file = join(dir, `flag${flag.replace(/\W+/g, '-')}.csv`);
      const end = await runChild(file, 'buffered', 'count:100000', [flag]);
      expect(end.code, end.stderr).toBe(0);
      expect(end.stderr).toBe('');
      expect(await expectIntactSequence(file)).toBe(100_000);
    });
  }

  describe('buffered rows reach the file when the process ends without close()', () => {
    const cases = [
      { how: 'exit', code: 0, signal: null },
      { how: 'throw', code: 1, signal: null },
      { how: 'handled-SIGTERM', code: 0, signal: null },
    ];
    for (const { how, code, signal, mode, rows } of cases.flatMap((c) => [
      { ...c, mode: 'buffered', rows: 40 },
      { ...c, mode: 'buffered', rows: 20_000 }, // several 64 KiB writes, and the rest at the end
    ])) {
      it(`${how} (${mode}, ${rows} rows): rows flushed, and the process ends as it would have without the log`, async () => {
        const file = join(dir, `end-${how}-${mode}-${rows}.csv`);
        const end = await runChild(file, mode, `${how}:${rows}`);
        expect({ code: end.code, signal: end.signal }, end.stderr).toEqual({ code, signal });
        if (how === 'throw') expect(end.stderr).toMatch(/boom from the training loop/);
        if (how === 'handled-SIGTERM') expect(end.stdout).toMatch(/own handler ran/);
        expect(await expectIntactSequence(file)).toBe(rows);
        expect(COLUMNS).toContain('wall_time_s');
      });
    }
  });

  // A signal must stop a training loop that never yields, as it would without the log: no listener may
  // take the default action away. What the log buffered is bounded by its window: every row older than
  // 100 ms (plus the 20 ms between appends that notice it) is on disk when the signal lands.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT'] as const) {
    it(`${signal} stops a loop that never yields, keeping every row older than the flush window (how fast: pnpm bench)`, async () => {
      const file = join(dir, `spin-${signal}.csv`);
      const { child, ended } = startChild(file, 'buffered', 'spin');
      const appendedAt: number[] = [];
      let partial = '';
      const enough = new Promise<void>((resolve) =>
        child.stdout?.on('data', (chunk: Buffer) => {
          const lines = (partial + chunk).split('\n');
          partial = lines.pop() ?? '';
          for (const line of lines) {
            const match = /^row (\d+) (\d+)$/.exec(line);
            if (match) appendedAt[Number(match[1])] = Number(match[2]);
          }
          if (appendedAt.length >= 60) resolve(); // about 1.2 s of training
        }),
      );
      await enough;
      const sentAt = Date.now();
      child.kill(signal);
      const end = await ended;
      expect({ code: end.code, signal: end.signal }, end.stderr).toEqual({ code: null, signal });
      const kept = await expectIntactSequence(file);
      const old = appendedAt.filter((at) => at < sentAt - 120).length;
      expect(old).toBeGreaterThan(40);
      expect(kept).toBeGreaterThanOrEqual(old);
    });
  }
});
