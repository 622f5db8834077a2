import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CurveRecorder } from '../src/index.js';
import { parseJsonWithNaN } from '../src/json-nan.js';
import { FIXTURES, tempDir } from './helpers.js';

describe('CurveRecorder.fromHistory on a long run', () => {
  it('continues from 400,000 episodes (a spread into push() would overflow the call stack)', async () => {
    const python = parseJsonWithNaN(
      readFileSync(join(FIXTURES, 'curves/train/train_reward_history.json'), 'utf8'),
    ) as Record<string, unknown>;
    const n = 400_000;
    const long = (i: number) => (i % 7) - 3;
    const history = {
      ...python,
      episodes: n,
      reward_history: Array.from({ length: n }, (_, i) => long(i)),
      average_history: Array.from({ length: n }, () => 0),
      epsilon_history: Array.from({ length: n }, () => 0.1),
      option_history: Array.from({ length: n }, () => 0),
    };
    const path = join(tempDir(), 'train_reward_history.json');
    writeFileSync(path, JSON.stringify(history));
    const recorder = await CurveRecorder.fromHistory(path, { dir: tempDir(), mode: 'train' });
    expect(recorder.episodes).toBe(n);
  });
});
