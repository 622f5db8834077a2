/**
 * Every reader of a foreign file takes the catalogue's last-line rule (catalogue/last-line.ts, csv-log's
 * endsWholeRecord): a last line without a line end is data when its end proves it whole (a JSON object
 * closed) in a file nobody is appending to, torn when the file was written seconds ago. These callers read with the torn default before: SB3's progress.json and
 * MLflow's metric files.
 */
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { discoverRuns } from '../src/index.js';
import { tempDir } from './helpers.js';

const HOUR_AGO = new Date(Date.now() - 3_600_000);

function put(path: string, text: string, settled: boolean): void {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
  if (settled) utimesSync(path, HOUR_AGO, HOUR_AGO);
}

const values = async (root: string, metric: string) => {
  const { runs } = await discoverRuns(root);
  return [...(runs[0]?.series.find((s) => s.metric === metric)?.values ?? [])];
};

describe("the catalogue's last-line rule reaches every foreign reader", () => {
  for (const settled of [true, false])
    it(`SB3's progress.json ending without a line end, ${settled ? 'an hour old: its last row kept' : 'just written: torn'}`, async () => {
      const root = tempDir('last-line');
      const rows = [1, 2, 3].map((i) =>
        JSON.stringify({ 'time/total_timesteps': i * 2048, 'rollout/ep_rew_mean': i * 10.5 }),
      );
      put(join(root, 'run', 'progress.json'), rows.join('\n'), settled);
      expect(await values(root, 'rollout/ep_rew_mean')).toEqual(settled ? [10.5, 21, 31.5] : [10.5, 21]);
    });

  // three bare numbers never prove their end (`… 2` may be a cut of `… 25`): csv-log's rule tears the
  // line however old the file, and the reason says which applied
  for (const settled of [true, false])
    it(`an MLflow metric file ending without a line end, ${settled ? 'an hour old' : 'just written'}: torn`, async () => {
      const root = tempDir('last-line');
      const run = join(root, 'mlruns', '1', 'abc123');
      put(join(root, 'mlruns', '1', 'meta.yaml'), 'experiment_id: "1"\nname: ppo\n', true);
      put(join(run, 'meta.yaml'), 'run_id: abc123\nrun_name: seed1\n', true);
      put(
        join(run, 'metrics', 'reward'),
        '1700000000000 1.5 0\n1700000001000 2.5 1\n1700000002000 3.5 2',
        settled,
      );
      const { runs } = await discoverRuns(root);
      expect(runs.map((r) => r.id)).toEqual(['mlruns/1/abc123']);
      expect(await values(root, 'reward')).toEqual([1.5, 2.5]);
      expect(runs[0]?.issues.join('\n')).toMatch(
        settled ? /\(torn: its last number may be cut short/ : /\(torn: the file was modified/,
      );
    });
});
