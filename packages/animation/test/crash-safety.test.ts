import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageDir, tempDir } from './helpers.js';

describe('crash safety', () => {
  it('a process killed mid-episode leaves no GIF under a final name, only a hidden temp file', () => {
    const dir = tempDir();
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', join(packageDir, 'test/child/crash-mid-episode.ts'), dir],
      {
        cwd: packageDir,
        encoding: 'utf8',
        timeout: 240_000,
      },
    );
    expect(run.signal, run.stderr).toBe('SIGKILL');
    expect(run.stdout).toContain('killing');
    const names = readdirSync(dir);
    expect(names.filter((name) => name.endsWith('.gif') || name.endsWith('.json'))).toEqual([]);
    const temps = names.filter(
      (name) => name.startsWith('.train_episode_0000.gif.') && name.endsWith('.tmp'),
    );
    expect(temps).toHaveLength(1);
    expect(statSync(join(dir, temps[0] as string)).size).toBeGreaterThan(0); // it really was mid-write
  });

  it('a process that exits mid-episode removes its temp file and writes no GIF', () => {
    const dir = tempDir();
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', join(packageDir, 'test/child/crash-mid-episode.ts'), dir, 'exit'],
      { cwd: packageDir, encoding: 'utf8', timeout: 240_000 },
    );
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('exiting');
    expect(readdirSync(dir)).toEqual([]);
  });
});
