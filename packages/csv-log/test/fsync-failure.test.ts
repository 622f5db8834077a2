/**
 * `fsync` mode when fdatasync fails after a whole write: the rows are in the file already, so they are
 * never written again (once, in order) and the failure is said once. A FIFO is a real file whose
 * fdatasync fails (EINVAL) while its writes succeed, as a disk's may (EIO) after the data reached it.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, constants, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openJsonlLog } from '../src/index.js';
import { tempDir } from './helpers.js';

describe('fsync mode, fdatasync refused after the write', () => {
  it('keeps every row once, in order, and says once that they are not durable', () => {
    const fifo = join(tempDir(), 'log.jsonl');
    execFileSync('mkfifo', [fifo]);
    const errors: string[] = [];
    const log = openJsonlLog(fifo, { durability: 'fsync', onError: (error) => errors.push(error.message) });
    for (const step of [1, 2, 3]) log.append({ step });
    const reader = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
    const buffer = Buffer.alloc(4096);
    const read = readSync(reader, buffer);
    closeSync(reader);
    log.close();
    expect(buffer.subarray(0, read).toString()).toBe('{"step":1}\n{"step":2}\n{"step":3}\n');
    expect(errors).toEqual([
      `${fifo}: rows written but not made durable (fdatasync: invalid argument (EINVAL)); a crash of the machine now may lose them`,
    ]);
  });
});
