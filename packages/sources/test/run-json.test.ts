/** run.json's one reader: missing is nothing, not JSON is an error naming the file, Python's NaN reads. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { discoverRuns, RunJsonError, readRunJson } from '../src/index.js';
import { tempDir } from './helpers.js';

describe('readRunJson', () => {
  it('is undefined when there is no run.json', async () => {
    expect(await readRunJson(join(tempDir('run-json'), 'run.json'))).toBeUndefined();
  });

  it("reads Python json.dump's bare NaN and Infinity as numbers", async () => {
    const path = join(tempDir('run-json'), 'run.json');
    writeFileSync(
      path,
      '{"seed": 3, "metrics": {"loss": {"min": -Infinity}}, "final": NaN, "note": "NaN"}\n',
    );
    const run = (await readRunJson(path)) as Record<string, unknown>;
    expect(run.seed).toBe(3);
    expect(run.final).toBeNaN();
    expect(run.note).toBe('NaN');
    expect((run.metrics as { loss: { min: number } }).loss.min).toBe(Number.NEGATIVE_INFINITY);
  });

  it('names the file and the reason when it is not JSON, or nested too deep', async () => {
    const dir = tempDir('run-json');
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, '{"metrics": ');
    const error = await readRunJson(broken).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RunJsonError);
    expect((error as RunJsonError).message).toContain(`${broken}: not valid JSON`);
    expect((error as RunJsonError).reason).toMatch(/^not valid JSON: /);
    const deep = join(dir, 'deep.json');
    writeFileSync(deep, `{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`);
    await expect(readRunJson(deep)).rejects.toThrow(
      /deep\.json: not valid JSON \(JSON nested deeper than 1000 levels/,
    );
  });

  it('is what discovery reads into an evidence run (environment, algorithm, seed, NaN kept)', async () => {
    const dir = join(tempDir('run-json'), 'run');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'training_log.csv'), 'step,reward\n1,0.5\n2,0.7\n');
    writeFileSync(
      join(dir, 'run.json'),
      '{"environment": "CartPole-v1", "algorithm": "PPO", "seed": 4, "x": NaN}',
    );
    const { runs } = await discoverRuns(dir);
    expect(runs).toHaveLength(1);
    const meta = runs[0]?.meta;
    expect([meta?.envId, meta?.algo, meta?.seed]).toEqual(['CartPole-v1', 'PPO', 4]);
    expect(meta?.config?.x).toBeNaN();
  });
});
