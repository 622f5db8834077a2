import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ARCHIVE_DIR, archivePreviousRun } from '../src/evidence/archive.js';
import { tempDir } from './helpers.js';

describe('archivePreviousRun', () => {
  it('moves a previous run aside instead of appending to or deleting it, and leaves other files', () => {
    const dir = tempDir('archive');
    writeFileSync(join(dir, 'training_log.csv'), 'step\n1\n');
    mkdirSync(join(dir, 'animations', 'train'), { recursive: true });
    writeFileSync(join(dir, 'animations', 'train', 'a.gif'), 'GIF89a');
    writeFileSync(join(dir, 'notes.txt'), 'mine');
    writeFileSync(join(dir, '20260102T030405_cartpole_seed1.log'), 'log');
    writeFileSync(join(dir, 'other.log'), 'theirs');
    const target = archivePreviousRun(dir, new Date('2026-01-02T03:04:05.678Z'));
    expect(target).toBe(join(dir, ARCHIVE_DIR, '2026-01-02T03-04-05-678Z'));
    expect(readFileSync(join(target!, 'training_log.csv'), 'utf8')).toBe('step\n1\n');
    expect(existsSync(join(target!, 'animations', 'train', 'a.gif'))).toBe(true);
    expect(existsSync(join(dir, 'training_log.csv'))).toBe(false);
    expect(readFileSync(join(dir, 'notes.txt'), 'utf8')).toBe('mine');
    expect(existsSync(join(target!, '20260102T030405_cartpole_seed1.log'))).toBe(true);
    expect(readFileSync(join(dir, 'other.log'), 'utf8')).toBe('theirs');
    writeFileSync(join(dir, 'pre_eval.jsonl'), '{}\n');
    const again = archivePreviousRun(dir, new Date('2026-01-02T03:04:05.678Z'));
    expect(again).toBe(`${target}-1`);
  });

  it('does nothing for a missing or empty folder', () => {
    expect(archivePreviousRun(join(tempDir('archive'), 'absent'))).toBeNull();
    expect(archivePreviousRun(tempDir('archive'))).toBeNull();
  });
});
