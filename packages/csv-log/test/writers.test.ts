import { copyFileSync, existsSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  loadCsvLog,
  openCsvLog,
  openJsonlLog,
  readCsvLog,
  readJsonl,
  TRAINING_LOG_COLUMNS,
} from '../src/index.js';
import { FIXTURES, tempDir } from './helpers.js';

const read = (path: string) => readFileSync(path, 'utf8');

afterEach(() => {
  vi.restoreAllMocks();
});

describe('openCsvLog', () => {
  const dir = tempDir();

  it('creates folders and the header, and formats every kind of cell', async () => {
    const path = join(dir, 'deep', 'er', 'cells.csv');
    const log = openCsvLog(path, { columns: ['n', 'text', 'flag', 'when', 'empty'] });
    log.append({ n: 0.1 + 0.2, text: 'plain', flag: true, when: new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 6)) });
    log.append({ n: Number.NaN, text: 'a,"b"', flag: false, empty: null });
    log.append({ n: Number.POSITIVE_INFINITY, text: 'line\nbreak' });
    log.append({ n: Number.NEGATIVE_INFINITY, text: 'cr\r' });
    log.append({ n: -0 });
    log.append({ n: 1e21 });
    log.append({ n: 5e-324 });
    await log.close();
    expect(read(path)).toBe(
      [
        'n,text,flag,when,empty',
        '0.30000000000000004,plain,true,2026-01-02T03:04:05.006Z,',
        'nan,"a,""b""",false,,',
        'inf,"line\nbreak",,,',
        '-inf,"cr\r",,,',
        '-0,,,,',
        '1e+21,,,,',
        '5e-324,,,,',
        '',
      ].join('\n'),
    );
    const back = await loadCsvLog(path);
    expect([...back.numeric('n')]).toEqual([
      0.30000000000000004,
      Number.NaN,
      Infinity,
      -Infinity,
      -0,
      1e21,
      5e-324,
    ]);
  });

  it('rejects a value no cell can hold, naming file and column, and writes nothing of that row', async () => {
    const path = join(dir, 'bad.csv');
    const log = openCsvLog(path, { columns: ['a', 'b'], durability: 'line' });
    expect(() => log.append({ a: 1, b: { x: 1 } as never })).toThrow(
      /bad\.csv: column "b": cannot write an object/,
    );
    expect(() => log.append({ a: 10n as never })).toThrow(/column "a": cannot write the bigint 10n/);
    expect(() => log.append({ a: new Date(Number.NaN) })).toThrow(/column "a": the Date is invalid/);
    log.append({ a: 2 });
    await log.close();
    expect(read(path)).toBe('a,b\n2,\n');
    expect(() => log.append({ a: 3 })).toThrow(/append after close/);
  });

  it('warns once per unknown key (strict: throws)', async () => {
    const warnings: string[] = [];
    vi.spyOn(process, 'emitWarning').mockImplementation((warning: string | Error) => {
      warnings.push(String(warning));
    });
    const path = join(dir, 'unknown.csv');
    const log = openCsvLog(path, { columns: ['a'] });
    log.append({ a: 1, typo: 2 } as never);
    log.append({ a: 2, typo: 3, other: 4 } as never);
    await log.close();
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/unknown\.csv: "typo" is not a column \(columns: a\)/);
    expect(warnings[1]).toMatch(/"other"/);
    expect(read(path)).toBe('a\n1\n2\n');
    const strict = openCsvLog(join(dir, 'strict.csv'), { columns: ['a'], strict: true });
    expect(() => strict.append({ a: 1, typo: 2 } as never)).toThrow(/strict\.csv: "typo" is not a column/);
    await strict.close();
    expect(read(join(dir, 'strict.csv'))).toBe('a\n');
  });

  it('fills wall_time_s with seconds since open (3 decimals) unless the row has it', async () => {
    const path = join(dir, 'wall.csv');
    const log = openCsvLog(path, { columns: TRAINING_LOG_COLUMNS });
    log.append({ step: 1 });
    await new Promise((resolve) => setTimeout(resolve, 30));
    log.append({ step: 2 });
    log.append({ step: 3, wall_time_s: 99.5 });
    await log.close();
    const wall = (await loadCsvLog(path)).numeric('wall_time_s');
    expect(wall[0]).toBeGreaterThanOrEqual(0);
    expect(wall[1]).toBeGreaterThanOrEqual(0.025);
    expect(wall[1]).toBeLessThan(30);
    expect(wall[2]).toBe(99.5);
    for (const value of wall) expect(Math.round(value * 1000) / 1000).toBe(value);
  });

  it('reopening with the same header appends; a single empty cell stays a row', async () => {
    const path = join(dir, 'reopen.csv');
    for (let round = 0; round < 3; round++) {
      await using log = openCsvLog(path, { columns: ['only'] });
      log.append({ only: round });
      log.append({});
    }
    expect(read(path)).toBe('only\n0\n""\n1\n""\n2\n""\n');
    expect((await loadCsvLog(path)).numeric('only').length).toBe(6);
  });

  it('column names that look like code are only names', async () => {
    // The writer compiles a row formatter per column list: names must never become code.
    const columns = [
      'a"b',
      'c\\d',
      '$' + '{x}',
      '`y`',
      "'); throw 1; ('",
      '*/ //',
      'é\u2028\n',
      'wall_time_s',
    ];
    const path = join(dir, 'names.csv');
    const log = openCsvLog(path, { columns });
    const row = Object.fromEntries(columns.slice(0, -1).map((name, i) => [name, i]));
    log.append(row);
    await log.close();
    const [back] = await (async () => {
      const rows: Record<string, unknown>[] = [];
      for await (const r of readCsvLog(path)) rows.push(r);
      return rows;
    })();
    expect(Object.keys(back ?? {})).toEqual(columns);
    for (const [name, value] of Object.entries(row)) expect(back?.[name]).toBe(value);
    expect(typeof back?.wall_time_s).toBe('number');
  });

  it('appends to a Python-written CRLF file with CRLF', async () => {
    const path = join(dir, 'python.csv');
    copyFileSync(join(FIXTURES, 'training_log.csv'), path);
    const before = read(path);
    const log = openCsvLog(path, { columns: TRAINING_LOG_COLUMNS });
    log.append({ step: 301, loss: 0.1, kl: Number.NaN });
    await log.close();
    const after = read(path);
    expect(after.startsWith(before)).toBe(true);
    expect(after.slice(before.length)).toMatch(/^301,,0\.1,,,nan,,,[0-9.]+\r\n$/);
    const loaded = await loadCsvLog(path);
    expect(loaded.rowCount).toBe(301);
    expect(loaded.issues).toEqual({ torn: null, skipped: [] });
  });

  it('a different header is an error naming both headers; the file is untouched', () => {
    const path = join(dir, 'mismatch.csv');
    writeFileSync(path, 'step,loss\n1,2\n');
    expect(() => openCsvLog(path, { columns: ['step', 'reward'] })).toThrow(
      /mismatch\.csv: the file's header is\n {2}step,loss\nbut this writer's columns are\n {2}step,reward\n.*rotate/,
    );
    expect(read(path)).toBe('step,loss\n1,2\n');
  });

  it("onHeaderMismatch: 'rotate' renames the old file aside with a numbered suffix, never deleting", async () => {
    vi.spyOn(process, 'emitWarning').mockImplementation(() => {});
    const path = join(dir, 'rot', 'log.csv');
    const first = openCsvLog(path, { columns: ['a'] });
    first.append({ a: 1 });
    await first.close();
    const second = openCsvLog(path, { columns: ['b'], onHeaderMismatch: 'rotate' });
    second.append({ b: 2 });
    await second.close();
    const third = openCsvLog(path, { columns: ['c'], onHeaderMismatch: 'rotate' });
    await third.close();
    expect(readdirSync(join(dir, 'rot')).sort()).toEqual(['log.1.csv', 'log.2.csv', 'log.csv']);
    expect(read(join(dir, 'rot', 'log.1.csv'))).toBe('a\n1\n');
    expect(read(join(dir, 'rot', 'log.2.csv'))).toBe('b\n2\n');
    expect(read(path)).toBe('c\n');
    expect(process.emitWarning).toHaveBeenCalledWith(
      expect.stringMatching(/moved it to .*log\.2\.csv/),
      expect.anything(),
    );
  });

  it('repairs a torn last line into a .torn file before appending', async () => {
    const warnings: string[] = [];
    vi.spyOn(process, 'emitWarning').mockImplementation((w: string | Error) => void warnings.push(String(w)));
    const path = join(dir, 'torn.csv');
    writeFileSync(path, 'step,loss\n1,0.5\n2,0.2');
    const log = openCsvLog(path, { columns: ['step', 'loss'] });
    log.append({ step: 2, loss: 0.25 });
    await log.close();
    expect(read(path)).toBe('step,loss\n1,0.5\n2,0.25\n');
    expect(read(`${path}.torn`)).toBe('2,0.2\n');
    expect(warnings[0]).toMatch(/torn\.csv: its last line was cut short .* moved those 5 bytes/);
    // a torn header: the whole file is the fragment, and a fresh header is written
    writeFileSync(path, 'ste');
    const again = openCsvLog(path, { columns: ['step', 'loss'] });
    await again.close();
    expect(read(path)).toBe('step,loss\n');
    // each repair's fragment in a file of its own, created exclusively: the first one is kept as it was
    expect(read(`${path}.torn`)).toBe('2,0.2\n');
    expect(read(`${path}.torn.2`)).toBe('ste\n');
  });

  it('never writes a torn fragment through a planted link: the fragment goes to a new file beside it', async () => {
    vi.spyOn(process, 'emitWarning').mockImplementation(() => {});
    const path = join(dir, 'planted.csv');
    const victim = join(dir, 'victim.txt');
    writeFileSync(victim, 'keep me\n');
    symlinkSync(victim, `${path}.torn`);
    writeFileSync(path, 'step,loss\n1,0.5\n2,0.');
    const log = openCsvLog(path, { columns: ['step', 'loss'] });
    await log.close();
    expect(read(victim)).toBe('keep me\n');
    expect(read(`${path}.torn.2`)).toBe('2,0.\n');
    expect(read(path)).toBe('step,loss\n1,0.5\n');
  });

  it('buffered rows wait for the 100 ms timer, flush() or close(); line mode writes at once', async () => {
    const buffered = openCsvLog(join(dir, 'buf.csv'), { columns: ['a'] });
    buffered.append({ a: 1 });
    expect(read(join(dir, 'buf.csv'))).toBe('a\n');
    await vi.waitFor(() => expect(read(join(dir, 'buf.csv'))).toBe('a\n1\n'), {
      timeout: 5000,
      interval: 20,
    });
    buffered.append({ a: 2 });
    await buffered.flush();
    expect(read(join(dir, 'buf.csv'))).toBe('a\n1\n2\n');
    // never more than 64 KiB waits: the rest is written without waiting for the timer (on a loaded
    // machine the 100 ms rule may write some earlier, so the bound is on what is left, not where it cut)
    let appended = read(join(dir, 'buf.csv')).length;
    for (let i = 0; i < 20_000; i++) {
      buffered.append({ a: i });
      appended += `${i}\n`.length;
    }
    expect(read(join(dir, 'buf.csv')).length).toBeGreaterThan(appended - 64 * 1024);
    expect(appended - 64 * 1024).toBeGreaterThan(0);
    await buffered.close();
    const line = openCsvLog(join(dir, 'line.csv'), { columns: ['a'], durability: 'line' });
    line.append({ a: 1 });
    expect(read(join(dir, 'line.csv'))).toBe('a\n1\n');
    await line.close();
    const fsync = openCsvLog(join(dir, 'fsync.csv'), { columns: ['a'], durability: 'fsync' });
    fsync.append({ a: 1 });
    expect(read(join(dir, 'fsync.csv'))).toBe('a\n1\n');
    await fsync.close();
  });

  it.skipIf(!existsSync('/dev/full'))(
    'a full disk goes to onError once and never throws from append',
    async () => {
      const errors: Error[] = [];
      const log = openCsvLog('/dev/full', {
        columns: ['a'],
        durability: 'line',
        onError: (e) => errors.push(e),
      });
      for (let i = 0; i < 100; i++) log.append({ a: i });
      await log.flush();
      expect(errors).toHaveLength(1);
      expect(errors[0]?.message).toMatch(/\/dev\/full: no space left on device \(ENOSPC\)/);
      await log.close();
      expect(errors).toHaveLength(2);
      expect(errors[1]?.message).toMatch(/closed with \d+ rows the disk kept refusing/);
    },
  );

  it.skipIf(!existsSync('/dev/full'))(
    'rows beyond the 32 MiB kept for a full disk are counted: at close, every row is accounted for as lost',
    async () => {
      const errors: Error[] = [];
      const log = openCsvLog('/dev/full', { columns: ['a', 'text'], onError: (e) => errors.push(e) });
      const text = 'x'.repeat(1000);
      const rows = 40_000; // about 40 MB
      for (let i = 0; i < rows; i++) log.append({ a: i, text });
      await log.close();
      expect(errors).toHaveLength(2); // the episode, then the close
      const match =
        /closed with (\d+) rows the disk kept refusing; they are lost, as are (\d+) rows dropped/.exec(
          errors[1]?.message ?? '',
        );
      expect(match, errors[1]?.message).not.toBeNull();
      const [kept, dropped] = [Number(match?.[1]), Number(match?.[2])];
      expect(dropped).toBeGreaterThan(0);
      expect(kept + dropped).toBe(rows);
    },
  );

  it.skipIf(!existsSync('/dev/full'))(
    'without onError, a write failure is printed once to stderr',
    async () => {
      const printed: string[] = [];
      vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
        printed.push(String(chunk));
        return true;
      });
      const log = openJsonlLog('/dev/full', { durability: 'line' });
      for (let i = 0; i < 10; i++) log.append({ i });
      expect(printed).toHaveLength(1);
      expect(printed[0]).toMatch(/LOGGING FAILURE: \/dev\/full: no space left on device \(ENOSPC\)/);
      await log.close();
    },
  );

  it('one process-wide set of exit listeners, however many logs are open; removed when all are closed; never a signal listener', async () => {
    const events = ['exit', 'uncaughtExceptionMonitor'];
    const signals = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT'];
    const count = (names: string[]) => names.map((e) => process.listenerCount(e));
    const before = count(events);
    const signalsBefore = count(signals);
    const logs = Array.from({ length: 20 }, (_, i) =>
      openCsvLog(join(dir, `many-${i}.csv`), { columns: ['a'] }),
    );
    const jsonl = openJsonlLog(join(dir, 'many.jsonl'));
    expect(count(events)).toEqual(before.map((n) => n + 1));
    // A signal listener would take the default action away from a loop that never yields.
    expect(count(signals)).toEqual(signalsBefore);
    for (const log of logs) await log.close();
    expect(process.listenerCount('exit')).toBe((before[0] as number) + 1);
    await jsonl.close();
    expect(count(events)).toEqual(before);
  });

  it('rejects bad column lists', () => {
    expect(() => openCsvLog(join(dir, 'c.csv'), { columns: [] })).toThrow(/non-empty list/);
    expect(() => openCsvLog(join(dir, 'c.csv'), { columns: ['a', 'a'] })).toThrow(
      /column "a" is listed twice/,
    );
  });
});

describe('openJsonlLog', () => {
  const dir = tempDir();

  it('appends one record per line, keeps NaN/Infinity as Python writes them, repairs a torn tail', async () => {
    vi.spyOn(process, 'emitWarning').mockImplementation(() => {});
    const path = join(dir, 'eval.jsonl');
    writeFileSync(path, '{"episode": 0}\n{"episode": 1, "cu');
    await using log = openJsonlLog(path);
    log.append({
      episode: 1,
      reward: Number.NaN,
      range: [Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY],
    });
    log.append({ episode: 2, text: 'NaN "quoted"\nline', when: new Date(0) });
    expect(() => log.append({ big: 1n })).toThrow(/eval\.jsonl: cannot write the record as JSON/);
    await log.flush();
    expect(read(`${path}.torn`)).toBe('{"episode": 1, "cu\n');
    const result = await readJsonl(path);
    expect(result.issues).toEqual({ torn: null, skipped: [] });
    expect(result.records).toEqual([
      { episode: 0 },
      { episode: 1, reward: Number.NaN, range: [Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY] },
      { episode: 2, text: 'NaN "quoted"\nline', when: '1970-01-01T00:00:00.000Z' },
    ]);
    expect(read(path).split('\n')[1]).toBe('{"episode":1,"reward":NaN,"range":[-Infinity,Infinity]}');
  });
});

describe('reading a log while it is written', () => {
  const dir = tempDir();
  it('a reader sees a consistent snapshot of a growing file', async () => {
    const path = join(dir, 'live.csv');
    const log = openCsvLog(path, { columns: ['step'], durability: 'line' });
    for (let i = 0; i < 1000; i++) log.append({ step: i });
    const rows: number[] = [];
    for await (const row of readCsvLog(path)) {
      rows.push(row.step as number);
      if (rows.length === 1) for (let i = 1000; i < 1100; i++) log.append({ step: i });
    }
    await log.close();
    expect(rows).toEqual(Array.from({ length: 1000 }, (_, i) => i));
  });
});
