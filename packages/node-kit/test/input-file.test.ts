import { execFileSync } from 'node:child_process';
import { mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NotRegularFileError, openInput, readInputText } from '../src/index.js';

const dir = mkdtempSync(join(tmpdir(), 'node-kit-input-'));

describe('openInput', () => {
  it('reads a regular file and a symlink to one', async () => {
    writeFileSync(join(dir, 'a.csv'), 'step\n1\n');
    symlinkSync(join(dir, 'a.csv'), join(dir, 'link.csv'));
    expect(await readInputText(join(dir, 'a.csv'))).toBe('step\n1\n');
    expect(await readInputText(join(dir, 'link.csv'))).toBe('step\n1\n');
  });

  it('refuses a FIFO at once (no writer ever comes), naming it', async () => {
    const fifo = join(dir, 'pipe.csv');
    execFileSync('mkfifo', [fifo]);
    // a FIFO opened for reading blocks until a writer comes: a hang here, caught by the test timeout
    const failure = await openInput(fifo).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(NotRegularFileError);
    expect((failure as Error).message).toBe(
      `${fifo}: a named pipe (FIFO), not a regular file; only regular files are read`,
    );
  });

  it('refuses a device and a folder, and passes ENOENT through', async () => {
    await expect(readInputText('/dev/zero')).rejects.toThrow('/dev/zero: a device, not a regular file');
    await expect(readInputText(dir)).rejects.toThrow('a folder, not a regular file');
    await expect(readInputText(join(dir, 'missing'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
