import { execFileSync } from 'node:child_process';
import {
  closeSync,
  copyFileSync,
  ftruncateSync,
  openSync,
  readFileSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { followCsvLog, loadCsvLog, openCsvLog, readCsvLog, readJsonl } from '../src/index.js';
import { RECORD_MAX_BYTES } from '../src/read/csv-scan.js';
import { JSONL_LINE_MAX } from '../src/read/read-jsonl.js';
import { tempDir } from './helpers.js';

const dir = tempDir();

describe('files that are not regular files', () => {
  it('a FIFO is refused at once by every reader, naming it (reading it would block forever)', async () => {
    const fifo = join(dir, 'log.csv');
    execFileSync('mkfifo', [fifo]);
    const refused = /log\.csv: a named pipe \(FIFO\), not a regular file/;
    await expect(loadCsvLog(fifo)).rejects.toThrow(refused);
    await expect(readJsonl(fifo)).rejects.toThrow(refused);
    await expect(followCsvLog(fifo).read()).rejects.toThrow(refused);
    const rows = async () => {
      for await (const _ of readCsvLog(fifo)) break;
    };
    await expect(rows()).rejects.toThrow(refused);
  });

  it('a folder is refused, naming it', async () => {
    await expect(loadCsvLog(dir)).rejects.toThrow(/: a folder, not a regular file/);
  });
});

describe('a quoted cell open for more than 16 MiB', () => {
  const path = join(dir, 'open-quote.csv');
  const rows = Array.from({ length: 1_600_000 }, (_, i) => `${i + 3},0.5,ok\n`).join('');
  writeFileSync(path, `step,loss,note\n1,0.5,ok\n2,0.5,"never closed\n${rows}`);

  it('is reported at its line, the rows before it kept, nothing after it read (memory stays bounded)', async () => {
    const reason = `a record longer than ${RECORD_MAX_BYTES / 2 ** 20} MiB starts on this line (a quoted cell that never closes?); not read, nor anything after it`;
    const loaded = await loadCsvLog(path);
    expect([...loaded.numeric('step')]).toEqual([1]);
    expect(loaded.issues).toEqual({ torn: null, skipped: [{ line: 3, reason }] });
    const iterable = readCsvLog(path);
    const steps: unknown[] = [];
    for await (const row of iterable) steps.push(row.step);
    expect(steps).toEqual([1]);
    expect(iterable.issues).toEqual(loaded.issues);
    await expect(loadCsvLog(path, { strict: true })).rejects.toThrow(`${path}:3: ${reason}`);
    await expect(followCsvLog(path, { maxBytesPerRead: 64 * 2 ** 20 }).read()).rejects.toThrow(
      `${path}:3: a record longer than 16 MiB`,
    );
  });

  it('a writer joining it moves the whole open record aside and appends on a clean line', async () => {
    const copy = join(dir, 'open-quote-join.csv');
    copyFileSync(path, copy);
    const crashed = new Date(Date.now() - 60_000);
    utimesSync(copy, crashed, crashed);
    const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => {});
    const log = openCsvLog(copy, { columns: ['step', 'loss', 'note'], durability: 'line' });
    log.append({ step: 3, loss: 0.25, note: 'after' });
    await log.close();
    warn.mockRestore();
    expect(readFileSync(copy, 'utf8')).toBe('step,loss,note\n1,0.5,ok\n3,0.25,after\n');
    expect(statSync(`${copy}.torn`).size).toBe(statSync(path).size - 'step,loss,note\n1,0.5,ok\n'.length + 1);
  });
});

describe('readJsonl reads a line at a time', () => {
  it('lines across many chunks, a BOM and \\r\\n: the same records as one parse of each line', async () => {
    const path = join(dir, 'many.jsonl');
    const lines = Array.from({ length: 30_000 }, (_, i) =>
      JSON.stringify({ episode: i, note: 'é€𝄞'.repeat(i % 7), steps: Array(i % 13).fill({ reward: 0.5 }) }),
    );
    writeFileSync(path, `\uFEFF${lines.join('\r\n')}\n`);
    const read = await readJsonl(path);
    expect(read.issues).toEqual({ torn: null, skipped: [] });
    expect(read.records).toEqual(lines.map((line) => JSON.parse(line)));
  });

  it('a line past the budget is an error naming the file, the line and the limit, without reading it all', async () => {
    const path = join(dir, 'endless.jsonl');
    writeFileSync(path, '{"a": 1}\n');
    const fd = openSync(path, 'r+');
    ftruncateSync(fd, 600 * 2 ** 20); // 600 MB: a sparse file of NUL bytes, no line end
    closeSync(fd);
    await expect(readJsonl(path)).rejects.toThrow(
      `${path}:2: a line longer than ${JSONL_LINE_MAX / 2 ** 20} MiB (the most one record may hold)`,
    );
  });
});
