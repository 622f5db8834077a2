import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { loadCsvLog } from '../src/index.js';
import { tempDir } from './helpers.js';

// A real full disk: a 256 KiB tmpfs, filled by a real child process that logs into it. Mounting needs
// root (as in CI); elsewhere the tests are skipped, with the reason in their names, except under CI=true.
const CHILD = fileURLToPath(new URL('./child/fill-disk.mjs', import.meta.url));
const PYTHON = '/usr/bin/python3';
const entry = inject('csvLogEntry');
const root = process.getuid?.() === 0;
const run = root || process.env.CI === 'true';

describe.skipIf(!run)('a full disk (needs root to mount a 256 KiB tmpfs)', () => {
  const base = tempDir();
  const mounts: string[] = [];
  const children = new Set<ChildProcess>();
  afterAll(() => {
    for (const child of children) child.kill('SIGKILL');
    for (const dir of mounts) spawnSync('umount', [dir]);
  });

  for (const durability of ['line', 'buffered']) {
    it(`${durability}: every row whole and in order, the rows accepted while full written once space is freed, one error naming the file`, async () => {
      const disk = join(base, durability);
      mkdirSync(disk);
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=256k', 'tmpfs', disk]);
      mounts.push(disk);
      const filler = join(disk, 'filler');
      writeFileSync(filler, Buffer.alloc(64 * 1024, 120)); // freed later
      const file = join(disk, 'log.csv');
      const child = spawn(process.execPath, [CHILD, entry, file, durability], {
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      children.add(child);
      let stdout = '';
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
      const ended = new Promise<number | null>((resolve) => child.on('close', resolve));
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          stdout += chunk;
          if (/full \d+\n/.test(stdout)) resolve();
        });
        child.on('close', () => reject(new Error(`child ended early: ${stderr}`)));
      });
      rmSync(filler);
      child.stdin.end('go\n');
      expect(await ended, stderr).toBe(0);
      children.delete(child);

      const errors = stdout.split('\n').filter((line) => line.startsWith('error: '));
      expect(errors).toHaveLength(1); // once per episode, not per row
      expect(errors[0]).toContain(`${file}: no space left on device (ENOSPC)`);
      const total = Number(/done (\d+)/.exec(stdout)?.[1]);
      const full = Number(/full (\d+)/.exec(stdout)?.[1]);
      expect(total).toBe(full + 200);

      // our reader: every row, in order, nothing skipped or torn
      const log = await loadCsvLog(file, { strict: true });
      expect(log.issues).toEqual({ torn: null, skipped: [] });
      expect([...log.numeric('step')]).toEqual(Array.from({ length: total }, (_, i) => i));
      const notes = log.columns.note as string[];
      for (let i = 0; i < total; i++)
        expect(notes[i]).toBe(`row ${i}, "quoted"${i % 7 === 0 ? '\nsecond line' : ''}`);

      // Python's csv module, an independent reader: the same rows, each of 3 fields
      const python = spawnSync(
        PYTHON,
        [
          '-c',
          'import csv, json, sys\nwith open(sys.argv[1], newline="") as f: print(json.dumps(list(csv.reader(f))))',
          file,
        ],
        { encoding: 'utf8', maxBuffer: 1 << 26 },
      );
      expect(python.status, python.stderr).toBe(0);
      const rows = JSON.parse(python.stdout) as string[][];
      expect(rows[0]).toEqual(['step', 'note', 'value']);
      expect(rows.length - 1).toBe(total);
      rows.slice(1).forEach((row, i) => {
        expect(row).toEqual([String(i), notes[i], String(i / 3)]);
      });
    });
  }
});
