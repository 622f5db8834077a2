import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { train } from '../src/train.js';
import { smallConfig, tempDir } from './helpers.js';

const LOGS = [
  'training_log.csv',
  'reward_components.csv',
  'checkpoint_evals.csv',
  'pre_eval.jsonl',
  'post_eval.jsonl',
];

/** The file's text with the wall_time_s column (the last of training_log.csv) blanked. */
function withoutWallTime(path: string): string {
  const text = readFileSync(path, 'utf8');
  if (!path.endsWith('training_log.csv')) return text;
  const lines = text.split('\n');
  expect(lines[0]!.split(',').at(-1)).toBe('wall_time_s');
  return lines.map((line) => line.replace(/,[^,]*$/, ',')).join('\n');
}

describe('determinism', () => {
  it('the same seed gives byte-identical logs apart from wall_time_s; another seed does not', async () => {
    const flags = ['--no-animations', '--no-curves', '--no-report', '--seed', '7'];
    const dirs = [tempDir('det-a'), tempDir('det-b'), tempDir('det-c')];
    await train(smallConfig(dirs[0]!, flags));
    await train(smallConfig(dirs[1]!, flags));
    await train(smallConfig(dirs[2]!, [...flags, '--seed', '8']));
    for (const name of LOGS) {
      const a = withoutWallTime(join(dirs[0]!, name));
      expect(a.length, name).toBeGreaterThan(50);
      expect(withoutWallTime(join(dirs[1]!, name)), name).toBe(a);
      expect(withoutWallTime(join(dirs[2]!, name)), name).not.toBe(a);
    }
  });
});
