import { appendFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { livePlot } from '../src/index.js';
import { pixels, tempDir } from './helpers.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('livePlot', () => {
  it('re-renders while the CSV grows, at most once per interval, atomically, and once more on stop', async () => {
    const dir = tempDir();
    const csv = join(dir, 'training_log.csv');
    writeFileSync(csv, 'step,reward,loss\n');
    const renders: number[] = [];
    const live = livePlot(csv, 'training-curve', {
      intervalMs: 150,
      onRender: () => renders.push(Date.now()),
    });
    const started = Date.now();
    // nothing renders inline: livePlot returns before any output exists
    expect(readdirSync(dir)).toEqual(['training_log.csv']);
    for (let s = 1; s <= 40; s++) {
      appendFileSync(csv, `${s},${Math.sin(s)},${1 / s}\n`);
      await sleep(20);
      // the output is always a whole PNG or absent, never half-written
      const names = readdirSync(dir);
      if (names.includes('training_curve.png')) {
        const image = await pixels(readFileSync(join(dir, 'training_curve.png')));
        expect(image.width).toBeGreaterThan(0);
      }
    }
    const elapsed = Date.now() - started;
    await live.stop();
    expect(renders.length).toBeGreaterThanOrEqual(2);
    expect(renders.length).toBeLessThanOrEqual(Math.ceil(elapsed / 150) + 3);
    expect(readdirSync(dir).filter((n) => n.endsWith('.tmp'))).toEqual([]);
    const count = renders.length;
    await sleep(300);
    expect(renders.length).toBe(count); // stopped means stopped
  });

  it('reports a render failure through onError and keeps going', async () => {
    const dir = tempDir();
    const csv = join(dir, 'log.csv');
    writeFileSync(csv, 'step,reward,loss\n1,1,1\n');
    const errors: string[] = [];
    const live = livePlot(csv, async () => Promise.reject(new Error('boom')), {
      intervalMs: 50,
      out: join(dir, 'x.png'),
      onError: (e) => errors.push(e.message),
    });
    await sleep(200);
    await live.stop();
    expect(errors.length).toBeGreaterThanOrEqual(1);
    expect(errors[0]).toBe('boom');
  });
});
