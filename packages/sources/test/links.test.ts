/** Symbolic links in a folder of runs: followed only out of the root, once per target; never a run twice. */
import { cpSync, mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { discoverRuns } from '../src/index.js';
import { tempDir } from './helpers.js';

const FIXTURES = fileURLToPath(new URL('./fixtures', import.meta.url));

describe('links under the root', () => {
  it("W&B's latest-run link: the run is read once, named by its real folder; the link is said", async () => {
    const root = tempDir('links');
    cpSync(join(FIXTURES, 'stores', 'wandb'), join(root, 'wandb'), { recursive: true });
    // as wandb writes it: a relative link beside the run folders
    symlinkSync('run-20251124_130000-def456', join(root, 'wandb', 'latest-run'));
    const { runs, unread } = await discoverRuns(root);
    expect(runs.map((run) => run.id)).toEqual([
      'wandb/offline-run-20251124_120000-abc123',
      'wandb/run-20251124_130000-def456',
    ]);
    expect(unread).toContainEqual({
      path: 'wandb/latest-run',
      why: 'a link to wandb/run-20251124_130000-def456 in this folder, read there',
    });
  });

  it('a file linked inside the root is read at its own path; one linked from outside is read', async () => {
    const base = tempDir('links');
    const root = join(base, 'root');
    for (const seed of ['seed0', 'seed1']) mkdirSync(join(root, seed), { recursive: true });
    const csv = (seed: string) => join(FIXTURES, 'layouts', 'folder-per-run', seed, 'progress.csv');
    cpSync(csv('seed0'), join(root, 'seed0', 'progress.csv'));
    symlinkSync(join(root, 'seed0', 'progress.csv'), join(root, 'seed1', 'progress.csv'));
    mkdirSync(join(base, 'elsewhere'));
    cpSync(csv('seed2'), join(base, 'elsewhere', 'progress.csv'));
    mkdirSync(join(root, 'seed2'));
    symlinkSync(join(base, 'elsewhere', 'progress.csv'), join(root, 'seed2', 'progress.csv'));
    const { runs, unread } = await discoverRuns(root);
    expect(runs.map((run) => run.id)).toEqual(['seed0', 'seed2']);
    expect(unread).toContainEqual({
      path: 'seed1/progress.csv',
      why: expect.stringMatching(/^a link to seed0\//),
    });
  });
});

describe('links out of the root', () => {
  it('a folder outside is walked once, however many links reach it, and a cycle ends', async () => {
    const base = tempDir('links');
    const outside = join(base, 'seeds');
    cpSync(join(FIXTURES, 'layouts', 'folder-per-run'), outside, { recursive: true });
    // a link back up from inside the linked folder: a cycle through the outside folder
    symlinkSync('..', join(outside, 'seed0', 'up'));
    const root = join(base, 'root');
    mkdirSync(root);
    symlinkSync(outside, join(root, 'a'));
    symlinkSync(outside, join(root, 'b'));
    const { runs, unread } = await discoverRuns(root);
    expect(runs.map((run) => run.id)).toEqual(['a/seed0', 'a/seed1', 'a/seed2']);
    expect(unread).toContainEqual({ path: 'b', why: 'a link to a folder already walked' });
    expect(unread).toContainEqual({ path: 'a/seed0/up', why: 'a link to a folder already walked' });
  });
});
