import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EvidencePaths, writeFileAtomic, writeFileAtomicSync } from '../src/index.js';
import { tempDir } from './helpers.js';

describe('EvidencePaths', () => {
  const dir = tempDir();

  it('names every standard file of the evidence folder as the reference trainer does', () => {
    const paths = new EvidencePaths('evidence');
    expect({ ...paths }).toEqual({
      root: 'evidence',
      trainingLog: join('evidence', 'training_log.csv'),
      rewardComponents: join('evidence', 'reward_components.csv'),
      checkpointEvals: join('evidence', 'checkpoint_evals.csv'),
      preEval: join('evidence', 'pre_eval.jsonl'),
      postEval: join('evidence', 'post_eval.jsonl'),
      trainingCurvePng: join('evidence', 'training_curve.png'),
      rewardComponentsPng: join('evidence', 'reward_components.png'),
      checkpointProgressionPng: join('evidence', 'checkpoint_progression.png'),
      beforeAfterSummaryPng: join('evidence', 'before_after_summary.png'),
      rewardDistributionPng: join('evidence', 'reward_distribution.png'),
      beforeAfterMetrics: join('evidence', 'before_after_metrics.json'),
      sampleTrajectories: join('evidence', 'sample_trajectories.md'),
      indexHtml: join('evidence', 'index.html'),
      reportMd: join('evidence', 'REPORT.md'),
      curvesRoot: join('evidence', 'curves'),
      animationsRoot: join('evidence', 'animations'),
    });
    expect(paths.curvesDir('train')).toBe(join('evidence', 'curves', 'train'));
    expect(paths.animationsDir('eval')).toBe(join('evidence', 'animations', 'eval'));
    expect(() => paths.curvesDir('../x')).toThrow(/mode "..\/x" must be a plain file name part/);
  });

  it('the names match the Python reference folder', () => {
    const fixture = new URL('../../../fixtures/python-reference/evidence/', import.meta.url).pathname;
    const paths = new EvidencePaths(fixture);
    for (const file of [
      paths.trainingLog,
      paths.rewardComponents,
      paths.checkpointEvals,
      paths.preEval,
      paths.postEval,
    ]) {
      expect(existsSync(file), file).toBe(true);
    }
    for (const file of [
      paths.trainingCurvePng,
      paths.beforeAfterMetrics,
      paths.sampleTrajectories,
      paths.curvesDir('train'),
    ]) {
      expect(existsSync(file), file).toBe(true);
    }
  });

  it('ensure() creates the root, curves and animations folders and resolves to itself', async () => {
    const paths = new EvidencePaths(join(dir, 'a', 'evidence'));
    await expect(paths.ensure()).resolves.toBe(paths);
    for (const folder of [paths.root, paths.curvesRoot, paths.animationsRoot])
      expect(statSync(folder).isDirectory()).toBe(true);
    await paths.ensure(); // idempotent
  });
});

describe('writeFileAtomic', () => {
  const dir = tempDir();

  it('writes text and bytes, creating folders, replacing old content, leaving no temp file', async () => {
    const path = join(dir, 'sub', 'metrics.json');
    await writeFileAtomic(path, '{"a":1}');
    expect(readFileSync(path, 'utf8')).toBe('{"a":1}');
    await writeFileAtomic(path, new Uint8Array([104, 105]));
    expect(readFileSync(path, 'utf8')).toBe('hi');
    writeFileAtomicSync(path, 'sync');
    expect(readFileSync(path, 'utf8')).toBe('sync');
    writeFileAtomicSync(join(dir, 'sub2', 'x.bin'), new Uint8Array([1, 2, 3]));
    expect([...readFileSync(join(dir, 'sub2', 'x.bin'))]).toEqual([1, 2, 3]);
    expect(readdirSync(join(dir, 'sub'))).toEqual(['metrics.json']);
  });

  it('a failed write leaves the old file intact and cleans its temp file', async () => {
    const path = join(dir, 'keep.txt');
    writeFileSync(path, 'old');
    const target = join(dir, 'is-a-folder');
    await writeFileAtomic(join(target, 'inner'), 'x');
    await expect(writeFileAtomic(target, 'new')).rejects.toThrow();
    expect(() => writeFileAtomicSync(target, 'new')).toThrow();
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    expect(readFileSync(path, 'utf8')).toBe('old');
  });

  it('concurrent readers never see a partial file', async () => {
    const path = join(dir, 'big.txt');
    const versions = ['a', 'b', 'c', 'd'].map((ch) => ch.repeat(2_000_000));
    await writeFileAtomic(path, versions[0] as string);
    let reads = 0;
    let writing = true;
    const reader = (async () => {
      while (writing) {
        const text = readFileSync(path, 'utf8');
        expect(versions).toContain(text);
        reads++;
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    for (const version of versions) await writeFileAtomic(path, version);
    writing = false;
    await reader;
    expect(reads).toBeGreaterThan(0);
  });
});
