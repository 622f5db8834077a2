import { execFileSync } from 'node:child_process';
import { closeSync, ftruncateSync, openSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { followCsvLog, loadCsvLog, readCsvLog, readJsonl } from '../src/index.js';
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
