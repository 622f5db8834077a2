// How `report` writes its folder: its own files known by content (a copy, a checkout, a touch keep them
// its own), the whole set renamed into place at the end, a kill or SIGHUP leaving the earlier set whole
// and the next run cleaning up after it. Real folders, real `cp -r` and `touch`, real child processes
// and signals.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyFixture, finished, hashTree, runCli, startCli, tempDir } from './helpers.js';

const staging = (dir: string) => readdirSync(dir).filter((name) => name.startsWith('.evidence-staging.'));
const temps = (dir: string) => readdirSync(dir).filter((name) => name.endsWith('.tmp'));
/** The files in place, without the staging folder a kill leaves. */
const inPlace = (dir: string) => {
  const tree = hashTree(dir);
  for (const name of [...tree.keys()]) if (name.startsWith('.evidence-staging.')) tree.delete(name);
  return tree;
};

/** Starts `report dir` and resolves once it draws into its staging folder (it is busy writing). */
async function reportDrawing(dir: string) {
  const child = startCli(['report', dir]);
  while (staging(join(dir, 'report')).length === 0) {
    if (child.exitCode !== null) throw new Error(`report finished before it was seen drawing`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  return child;
}

describe('report knows its own files by content', () => {
  it('after cp -r (new times) and touch, it regenerates every file; an edited file is left, exit 1', async () => {
    const dir = copyFixture();
    expect((await runCli(['report', dir])).code).toBe(0);
    const copy = join(tempDir('copied'), 'evidence');
    execFileSync('cp', ['-r', dir, copy]);
    const files = readdirSync(join(copy, 'report')).filter((name) => !name.startsWith('.'));
    execFileSync(
      'touch',
      files.map((name) => join(copy, 'report', name)),
    );
    const again = await runCli(['report', copy]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).not.toMatch(/did not write/);
    expect(again.stdout).toMatch(/^10 written, /m);

    writeFileSync(join(copy, 'report', 'REPORT.md'), 'my notes');
    const edited = await runCli(['report', copy]);
    expect(edited.code).toBe(1);
    expect(edited.stderr).toMatch(/report\/REPORT\.md: not written by evidence, left as it is .*--force/);
    expect(readFileSync(join(copy, 'report', 'REPORT.md'), 'utf8')).toBe('my notes');
    expect((await runCli(['report', copy, '--keep-others'])).code).toBe(0);
    const forced = await runCli(['report', copy, '--force']);
    expect(forced.code, forced.stderr).toBe(0);
    expect(readFileSync(join(copy, 'report', 'REPORT.md'), 'utf8')).toMatch(/^# /);
  }, 120_000);
});

describe('a report stopped while it writes', () => {
  it('SIGKILL: the earlier report stays whole; the next run removes the staging folder and completes', async () => {
    const dir = copyFixture();
    expect((await runCli(['report', dir])).code).toBe(0);
    const before = inPlace(join(dir, 'report'));
    const child = await reportDrawing(dir);
    child.kill('SIGKILL');
    expect((await finished(child)).signal).toBe('SIGKILL');
    expect(staging(join(dir, 'report'))).toHaveLength(1); // no handler runs on SIGKILL
    expect(inPlace(join(dir, 'report'))).toEqual(before);
    const again = await runCli(['report', dir], { timeoutMs: 90_000 });
    expect(again.code, again.stderr).toBe(0);
    expect(temps(join(dir, 'report'))).toEqual([]);
  }, 120_000);

  it('SIGHUP (a closed terminal): stops like SIGTERM, exit 129, no temp file or staging folder left', async () => {
    const dir = copyFixture();
    expect((await runCli(['report', dir])).code).toBe(0);
    const before = inPlace(join(dir, 'report'));
    const child = await reportDrawing(dir);
    child.kill('SIGHUP');
    const result = await finished(child);
    expect(result.code).toBe(129);
    expect(temps(join(dir, 'report'))).toEqual([]);
    expect(inPlace(join(dir, 'report'))).toEqual(before);
  }, 120_000);
});
