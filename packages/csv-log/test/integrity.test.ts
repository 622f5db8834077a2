// The writers' promises kept at their edges: one header under concurrent writers, a repeated header
// said (never a row), exact counts after a short write, no partial row left at close, user keys.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { followCsvLog, loadCsvLog, openCsvLog, readCsvLog } from '../src/index.js';
import { tempDir } from './helpers.js';

const CHILD = fileURLToPath(new URL('./child/append.mjs', import.meta.url));
const entry = inject('csvLogEntry');

function writer(file: string, id: number, rows: number): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [CHILD, entry, file, 'buffered', `writer:${id}:${rows}`], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stderr })));
}

describe('the header of a new or empty log is written once under concurrent buffered writers', () => {
  const dir = tempDir();
  for (const start of ['a new file', 'a pre-existing empty file']) {
    it(`${start}: 4 processes × 3 trials, one header each time, every row read back as data`, async () => {
      for (let trial = 0; trial < 3; trial++) {
        const file = join(dir, `${start.replaceAll(' ', '-')}-${trial}.csv`);
        if (start !== 'a new file') writeFileSync(file, '');
        const ends = await Promise.all([1, 2, 3, 4].map((id) => writer(file, id, 300)));
        for (const end of ends) expect(end.code, end.stderr).toBe(0);
        const lines = readFileSync(file, 'utf8').split('\n');
        expect(lines.filter((line) => line === 'writer,seq,payload')).toHaveLength(1);
        expect(lines[0]).toBe('writer,seq,payload');
        const log = await loadCsvLog(file);
        expect(log.rowCount).toBe(1200);
        expect(log.issues.skipped).toEqual([]);
        expect(log.columns.seq).toBeInstanceOf(Float64Array); // no header row turned a column into text
      }
    });
  }
});

describe('a repeated header line', () => {
  it('is reported as a duplicate header by every reader, never returned as a row', async () => {
    const dir = tempDir();
    const file = join(dir, 'twice.csv');
    writeFileSync(file, 'step,reward\nstep,reward\n1,0.5\nstep,reward\r\n2,0.25\n');
    const loaded = await loadCsvLog(file);
    expect(loaded.rowCount).toBe(2);
    expect(loaded.columns.reward).toEqual(new Float64Array([0.5, 0.25]));
    expect(loaded.issues.skipped.map((s) => s.line)).toEqual([2, 4]);
    expect(loaded.issues.skipped[0]?.reason).toMatch(/the header line again \(a duplicate header/);
    const rows = readCsvLog(file);
    const got: unknown[] = [];
    for await (const row of rows) got.push(row);
    expect(got).toHaveLength(2);
    expect(rows.issues.skipped.map((s) => s.line)).toEqual([2, 4]);
    const follower = followCsvLog(file);
    const batch = await follower.read();
    expect(batch.rows).toHaveLength(2);
    expect(batch.skipped.map((s) => s.line)).toEqual([2, 4]);
  });

  it('a row of the column names themselves is written so that it reads back as a row', async () => {
    const file = join(tempDir(), 'names.csv');
    const log = openCsvLog(file, { columns: ['a', 'b'] });
    log.append({ a: 'a', b: 'b' });
    log.append({ a: 1, b: 2 });
    await log.close();
    const loaded = await loadCsvLog(file);
    expect(loaded.rowCount).toBe(2);
    expect(loaded.issues.skipped).toEqual([]);
    expect(loaded.columns.a).toEqual(['a', '1']);
  });
});

describe('user keys', () => {
  it('a column named constructor, toString or valueOf is empty in a row that omits it', async () => {
    const file = join(tempDir(), 'keys.csv');
    const log = openCsvLog(file, { columns: ['step', 'constructor', 'toString', 'valueOf'] });
    log.append({ step: 1 });
    log.append({ step: 2, constructor: 3, toString: 4, valueOf: 5 });
    await log.close();
    expect(readFileSync(file, 'utf8')).toBe('step,constructor,toString,valueOf\n1,,,\n2,3,4,5\n');
  });
});

describe('followCsvLog options', () => {
  it('a maxBytesPerRead that is not a whole number ≥ 1 is a usage error naming it', () => {
    for (const bad of [-5, 0, 1.5, Number.NaN]) {
      expect(() => followCsvLog('x.csv', { maxBytesPerRead: bad })).toThrow(
        /maxBytesPerRead must be a whole number of bytes ≥ 1, got/,
      );
    }
  });
});

describe('an unclosed quote', () => {
  it('is reported at the line it opens on, however many lines follow it', async () => {
    const file = join(tempDir(), 'open-quote.csv');
    const rows = Array.from({ length: 100_000 }, (_, i) => `${i + 2},x`).join('\n');
    writeFileSync(file, `step,note\n1,"never closed\n${rows}\n`);
    const loaded = await loadCsvLog(file);
    expect(loaded.rowCount).toBe(0);
    const problems = [...loaded.issues.skipped.map((s) => s.line), loaded.issues.torn?.line];
    expect(problems.filter((line) => line !== undefined)).toEqual([2]);
  });
});

const root = process.getuid?.() === 0;
if (!root && process.env.CI !== 'true')
  console.warn('SKIPPED the short-write tests: mounting a tmpfs needs root (required when CI=true).');

describe.skipIf(!root && process.env.CI !== 'true')('a disk that stays full (a real tmpfs)', () => {
  const mounts: string[] = [];
  afterAll(() => {
    for (const disk of mounts) spawnSync('umount', [disk]);
  });

  it('buffered: the lost rows are counted exactly after a short write, and close leaves no partial row', async () => {
    const disk = join(tempDir(), 'disk');
    mkdirSync(disk);
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', disk]);
    mounts.push(disk);
    const file = join(disk, 'log.csv');
    const errors: string[] = [];
    const log = openCsvLog(file, {
      columns: ['step', 'note'],
      durability: 'buffered',
      onError: (error) => errors.push(error.message),
    });
    // fill the disk but for 1,000 bytes: the 500 rows below (~160 bytes each) end in a short write
    const free = () =>
      Number(execFileSync('df', ['-B1', '--output=avail', disk], { encoding: 'utf8' }).split('\n')[1]);
    writeFileSync(join(disk, 'filler'), Buffer.alloc(Math.max(0, free() - 1000)));
    for (let step = 0; step < 500; step++) log.append({ step, note: `row ${step} ${'y'.repeat(140)}` });
    await log.close();
    const text = readFileSync(file, 'utf8');
    expect(text.endsWith('\n')).toBe(true); // the cut row was taken back: the file ends on a whole row
    const written = (await loadCsvLog(file)).rowCount;
    expect(written).toBeGreaterThan(0);
    expect(written).toBeLessThan(500);
    const closing = errors.find((message) => message.includes('closed with'));
    expect(closing).toContain(`closed with ${500 - written} rows the disk kept refusing`);
    expect(closing).toMatch(/bytes of the row it cut short were removed/);
  });
});
