// `evidence report` on a folder of evidence runs (what `pnpm seeds` writes) and on a mix of an evidence
// run and an SB3 log folder: evidence runs are runs like any other, one overlay per metric across them.
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildReport } from '../src/index.js';
import { FIXTURE } from './helpers.js';

const SB3 = fileURLToPath(new URL('../../sources/test/fixtures/sb3/', import.meta.url));
const LOGS = [
  'training_log.csv',
  'reward_components.csv',
  'checkpoint_evals.csv',
  'pre_eval.jsonl',
  'post_eval.jsonl',
];

/** An evidence run's files (the reference folder's logs and evaluations) at `dir`. */
function evidenceRun(dir: string): void {
  mkdirSync(dir, { recursive: true });
  for (const name of LOGS) cpSync(join(FIXTURE, name), join(dir, name));
}

const overlays = (out: string): string[] => readdirSync(out).filter((n) => /^overlay-.*\.svg$/.test(n));
const trainingColumns =
  readFileSync(join(FIXTURE, 'training_log.csv'), 'utf8').split(/\r?\n/)[0]?.split(',') ?? [];

describe('report on a folder of evidence runs', () => {
  it('a group of seeds: one overlay per metric, nothing left unread as "nothing to report"', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'report-evidence-runs-'));
    for (const group of ['ppo', 'ppo-1-epoch'])
      for (const seed of [1, 2]) evidenceRun(join(dir, 'CartPole-v1', group, `seed${seed}`));
    const result = await buildReport(dir);
    expect(result.sources).toMatch(/^found 4 runs \(evidence log\)/);
    // every column of the training log but its step is one overlay (with the other logs' columns)
    const names = overlays(result.out).join(' ');
    for (const column of trainingColumns.filter((c) => c !== 'step'))
      expect(names).toContain(`-${column}.svg`);
    expect(result.curves && Object.keys(result.curves)).toContain('reward');
    expect(readFileSync(result.page, 'utf8')).toContain('overlay-');
  });

  it('an evidence run beside an SB3 log folder: both overlaid', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'report-evidence-mix-'));
    evidenceRun(join(dir, 'evidence'));
    cpSync(SB3, join(dir, 'sb3'), { recursive: true });
    const result = await buildReport(dir);
    expect(result.sources).toMatch(/^found 2 runs \(.*SB3.*evidence log\)/);
    const curves = result.curves ?? {};
    // the evidence run names no task, SB3's monitor CartPole-v1: each its own charts, never one mean
    expect(Object.keys(curves['reward (task unknown)'] ?? {})).toHaveLength(1);
    expect(Object.keys(curves).some((key) => key.endsWith('(CartPole-v1)'))).toBe(true);
    expect(Object.keys(curves).every((key) => / \((task unknown|CartPole-v1)\)$/.test(key))).toBe(true);
    expect(overlays(result.out).length).toBeGreaterThan(trainingColumns.length - 1);
  });

  it('one evidence folder still gets its own before/after report, not an overlay', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'report-evidence-one-'));
    evidenceRun(dir);
    const result = await buildReport(dir);
    expect(result.metrics).not.toBeNull();
    expect(result.sources).toBeNull();
    expect(overlays(result.out)).toEqual([]);
  });
});
