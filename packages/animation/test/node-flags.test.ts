import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeWithOmggif, packageDir, tempDir } from './helpers';

describe('node flags', () => {
  it('records under --trace-gc, a flag a worker thread refuses when it is passed explicitly', () => {
    const dir = tempDir();
    const run = spawnSync(
      process.execPath,
      ['--trace-gc', '--import', 'tsx', join(packageDir, 'test/child/record-one.ts'), dir],
      { encoding: 'utf8', timeout: 60_000 },
    );
    expect(run.stderr).not.toMatch(/ERR_WORKER_INVALID_EXEC_ARGV|\[@evidence\/animation\]/);
    expect(run.status).toBe(0);
    const files = JSON.parse(run.stdout.trim().split('\n').pop() as string) as { gif: string | null };
    expect(files.gif).not.toBeNull();
    expect(existsSync(files.gif as string)).toBe(true);
    expect(decodeWithOmggif(files.gif as string).frames).toHaveLength(5);
  });
});
