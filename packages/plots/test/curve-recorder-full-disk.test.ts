// CurveRecorder.save() on a real full disk (a tmpfs): reports and carries on, like the log and GIF writers.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CurveRecorder } from '../src/index.js';
import { tempDir } from './helpers.js';

const canMount = process.getuid?.() === 0 || process.env.CI === 'true';
if (!canMount)
  console.warn('SKIPPED the full-disk save test: mounting a tmpfs needs root (required when CI=true).');

describe.skipIf(!canMount)('CurveRecorder.save() on a full disk (a real tmpfs)', () => {
  const mounts: string[] = [];
  afterAll(() => {
    for (const disk of mounts) spawnSync('umount', [disk]);
  });

  it('never rejects: each failure reported once, the earlier files kept whole, no temp file left', async () => {
    const disk = join(tempDir(), 'disk');
    mkdirSync(disk);
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', disk]);
    mounts.push(disk);
    const errors: Error[] = [];
    const recorder = new CurveRecorder({
      dir: disk,
      mode: 'train',
      checkpointEvery: 0,
      onError: (e) => errors.push(e),
    });
    for (let episode = 0; episode < 50; episode++) recorder.logEpisode(episode, episode / 10, 0.1);
    const first = await recorder.save();
    expect(errors).toEqual([]);
    const before = new Map(first.map((path) => [path, readFileSync(path)]));
    // the disk fills up
    try {
      for (let i = 0; ; i++) writeFileSync(join(disk, `filler${i}`), Buffer.alloc(16 * 1024));
    } catch (error) {
      expect((error as NodeJS.ErrnoException).code).toBe('ENOSPC');
    }
    for (let episode = 50; episode < 100; episode++) recorder.logEpisode(episode, episode / 10, 0.1);
    const second = await recorder.save(); // resolves: a training run never dies of a chart
    expect(second.length).toBeLessThan(first.length);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0]?.message).toMatch(/no space left on device/);
    expect(new Set(errors.map((e) => e.message)).size).toBe(errors.length); // each failure once
    for (const [path, bytes] of before)
      if (!second.includes(path)) expect(readFileSync(path).equals(bytes), path).toBe(true);
    expect(readdirSync(disk).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });
});
