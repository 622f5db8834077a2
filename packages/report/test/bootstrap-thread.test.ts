import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { computeBeforeAfterInBackground } from '../src/before-after.js';
import { bootstrapDeltas } from '../src/bootstrap.js';
import { bootstrapOffThread } from '../src/bootstrap-thread.js';
import { computeBeforeAfter } from '../src/index.js';
import { readFixtureJsonl } from './helpers.js';

describe('the bootstrap on a worker thread', () => {
  it('gives exactly the numbers of the same bootstrap on this thread', async () => {
    const pre = readFixtureJsonl('pre_eval.jsonl');
    const post = readFixtureJsonl('post_eval.jsonl');
    const options = { resamples: 3000, seed: 11 };
    const background = computeBeforeAfterInBackground(pre, post, options);
    expect(background).toBeInstanceOf(Promise);
    expect(await background).toEqual(computeBeforeAfter(pre, post, options));
  });

  it('really runs on a worker thread, started through node-kit, paired or not', async () => {
    const job = {
      pre: Float64Array.of(1, 2, 3, 7),
      post: Float64Array.of(2, 2, 5, 9),
      resamples: 100,
      seed: 1,
    };
    for (const paired of [false, true]) {
      const result = await bootstrapOffThread({ ...job, paired });
      expect(result.ranOn).toBe('worker');
      const { ranOn: _ranOn, ...numbers } = result;
      expect(numbers).toEqual(bootstrapDeltas({ ...job, paired }));
    }
  });

  it('starts under exec flags a worker refuses (--stack-trace-limit) and gives the same numbers', () => {
    const script = `
      import { bootstrapOffThread } from ${JSON.stringify(new URL('../src/bootstrap-thread.ts', import.meta.url).href)};
      const job = { pre: Float64Array.of(1, 2, 3), post: Float64Array.of(4, 5, 6), paired: false, resamples: 50, seed: 2 };
      const result = await bootstrapOffThread(job);
      console.log(JSON.stringify(result));
    `;
    const out = execFileSync(
      process.execPath,
      ['--stack-trace-limit=50', '--import', 'tsx', '--input-type=module', '-e', script],
      {
        encoding: 'utf8',
      },
    );
    const result = JSON.parse(out);
    expect(result.ranOn).toBe('worker');
    expect(result.ci95.mean_reward).toEqual(
      bootstrapDeltas({
        pre: Float64Array.of(1, 2, 3),
        post: Float64Array.of(4, 5, 6),
        paired: false,
        resamples: 50,
        seed: 2,
      }).ci95.mean_reward,
    );
  });

  it('reports bad input at once, before any thread starts', () => {
    expect(() => computeBeforeAfterInBackground([], [{ cumulative_reward: 1 }])).toThrow(
      /pre: no evaluation episodes/,
    );
  });
});
