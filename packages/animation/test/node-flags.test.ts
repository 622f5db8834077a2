import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeWithOmggif, packageDir, tempDir } from './helpers.js';

describe('node flags', () => {
  // flags a worker thread refuses when they are passed to it explicitly (ERR_WORKER_INVALID_EXEC_ARGV)
  it.each(
    [['--trace-gc'], ['--stack-trace-limit=50'], ['--stack-trace-limit=50', '--trace-gc']].map((flags) => [
      flags.join(' '),
      flags,
    ]),
  )('records under %s: the worker starts and the GIF is whole', (_, flags) => {
    const dir = tempDir();
    const run = spawnSync(
      process.execPath,
      [...flags, '--import', 'tsx', join(packageDir, 'test/child/record-one.ts'), dir],
      { encoding: 'utf8', timeout: 240_000 },
    );
    expect(run.stderr).not.toMatch(/ERR_WORKER_INVALID_EXEC_ARGV|\[@evidence\/animation\]/);
    expect(run.status).toBe(0);
    const files = JSON.parse(run.stdout.trim().split('\n').pop() as string) as { gif: string | null };
    expect(files.gif).not.toBeNull();
    expect(existsSync(files.gif as string)).toBe(true);
    expect(decodeWithOmggif(files.gif as string).frames).toHaveLength(5);
  });
});
