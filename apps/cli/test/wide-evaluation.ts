import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Issue 40's hostile evaluation: pre_eval.jsonl and post_eval.jsonl of one episode each, every episode
 * with `keys` boolean outcomes (k0, k1, …) beside its reward; 4.6 MB a file at 300,000 keys. `report`
 * took 124 s and 2 GB on it. Shared by the test (memory, what the page says) and `pnpm bench` (time).
 */
export function writeWideEvaluation(dir: string, keys = 300_000): void {
  for (const [file, reward] of [
    ['pre_eval.jsonl', 0],
    ['post_eval.jsonl', 5],
  ] as const) {
    const parts = [`"cumulative_reward":${reward}`];
    for (let i = 0; i < keys; i++) parts.push(`"k${i}":${(i + reward) % 3 === 0}`);
    writeFileSync(join(dir, file), `{${parts.join(',')}}\n`);
  }
}
