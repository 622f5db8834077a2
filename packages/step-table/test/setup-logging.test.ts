import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { formatValue, resetFormatWarnings, setupLogging } from '../src/index.js';

const dir = mkdtempSync(join(tmpdir(), 'step-table-log-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('setupLogging', () => {
  it('prints icon + message on the console and HH:mm:ss | LEVEL | message in the file', async () => {
    const lines: string[] = [];
    const before = new Date();
    const log = setupLogging('run/42 α', {
      dir: join(dir, 'a'),
      console: { log: (l) => lines.push(l) },
      consoleLevel: 'debug',
      color: false,
    });
    log.debug('d %d', 1);
    log.info('hello', { a: 1 });
    log.warn('careful');
    log.error(new Error('boom'));
    await log.close();
    expect(lines.slice(0, 3)).toEqual(['D d 1', 'I hello { a: 1 }', 'W careful']);
    expect(lines[3]).toMatch(/^E Error: boom/);
    // the run id is kept to one safe path segment; the stamp is the local start time
    const name = basename(log.path);
    expect(name).toMatch(/^\d{8}T\d{6}_run_42_\.log$/);
    const stamp = name.slice(0, 15);
    const p = (n: number) => String(n).padStart(2, '0');
    const expected = `${before.getFullYear()}${p(before.getMonth() + 1)}${p(before.getDate())}T${p(before.getHours())}`;
    expect(stamp.startsWith(expected)).toBe(true);
    const file = readFileSync(log.path, 'utf8').split('\n');
    expect(file[0]).toMatch(/^\d\d:\d\d:\d\d \| DEBUG \| d 1$/);
    expect(file[1]).toMatch(/ \| INFO \| hello \{ a: 1 \}$/);
    expect(file[2]).toMatch(/ \| WARNING \| careful$/);
    expect(file[3]).toMatch(/ \| ERROR \| Error: boom$/);
  });

  it('shows INFO and up on the console by default, and takes over format warnings while open', async () => {
    const lines: string[] = [];
    const log = setupLogging('fmt', {
      dir: join(dir, 'b'),
      console: { log: (l) => lines.push(l) },
      color: false,
    });
    resetFormatWarnings();
    log.debug('hidden');
    expect(formatValue(0.25, 'x')).toBe('0.25');
    await log.close();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^W format spec "x": Unknown format code 'x' for object of type 'float'/);
    expect(readFileSync(log.path, 'utf8')).toContain('| DEBUG | hidden');
  });

  it('a broken console never breaks the run: the file still gets every line, and it is said once', async () => {
    const said: string[] = [];
    const write = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      said.push(String(chunk));
      return true;
    });
    onTestFinished(() => write.mockRestore());
    const log = setupLogging('broken', {
      dir: join(dir, 'c'),
      console: {
        log: () => {
          throw new Error('console gone');
        },
      },
    });
    log.info('one');
    log.info('two');
    await log.close();
    expect(readFileSync(log.path, 'utf8').trimEnd().split('\n')).toHaveLength(2);
    expect(said).toEqual(['step-table: the console log failed, continuing without it: console gone\n']);
  });
});
