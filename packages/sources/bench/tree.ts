/**
 * Discovery of a tree of 10,000 files (issue 28): 2,000 run folders of 5 files each (a monitor file,
 * progress.csv, config.json, a picture, notes) under environment and algorithm folders, next to a plain
 * recursive readdir of the same tree (the floor any discovery pays) measured in the same run. Best of 3.
 *
 *   tsx bench/tree.ts          10,000 files
 *   tsx bench/tree.ts 1000     fewer (quick look)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { discoverRuns } from '../src/index.js';
import { best, count, inTempDir, machine, sb3Progress, seeded, sizeArgument, table } from './helpers.js';

const FILES = sizeArgument(10_000);
const PER_RUN = 5;
const ENVS = ['CartPole-v1', 'Pendulum-v1', 'walker_walk', 'HalfCheetah-v4'];
const ALGOS = ['ppo', 'sac', 'dqn', 'td3', 'a2c'];
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function generate(root: string): number {
  const random = seeded();
  const runs = Math.floor(FILES / PER_RUN);
  for (let r = 0; r < runs; r++) {
    const env = ENVS[r % ENVS.length] as string;
    const algo = ALGOS[Math.floor(r / ENVS.length) % ALGOS.length] as string;
    const dir = join(root, `${env}_${algo}`, `${algo}_${r}`);
    mkdirSync(dir, { recursive: true });
    const episodes = Array.from({ length: 20 }, (_, i) => `${i + 0.5},${10 + i},${(i + 1) * 0.25}`);
    writeFileSync(
      join(dir, '0.monitor.csv'),
      `#{"t_start": 1700000000.0, "env_id": "${env}"}\nr,l,t\n${episodes.join('\n')}\n`,
    );
    writeFileSync(join(dir, 'progress.csv'), sb3Progress(20, random));
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ algo, env, seed: r, lr: 0.0003 }));
    writeFileSync(join(dir, 'curve.png'), PNG);
    writeFileSync(join(dir, 'notes.md'), '# run notes\n');
  }
  return runs;
}

await inTempDir('tree-bench', async (root) => {
  const runs = generate(root);
  let listed = 0;
  const baseline = await best(async () => {
    listed = (await readdir(root, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).length;
  });
  let found = 0;
  let unread = 0;
  const discovery = await best(async () => {
    const result = await discoverRuns(root);
    found = result.runs.length;
    unread = result.unread.length;
  });
  if (found !== runs) throw new Error(`discoverRuns found ${found} runs, expected ${runs}`);
  console.log(
    `\n@evidence/sources discovery of a tree: ${count(listed)} files, ${count(runs)} runs (${count(unread)} files listed as not read) · ${machine()}\n`,
  );
  console.log(
    table(
      ['case', 'seconds (wall)', 'CPU seconds'],
      [
        ['baseline: recursive readdir of the tree', baseline.wall.toFixed(2), baseline.cpu.toFixed(2)],
        [
          'discoverRuns (walk, sniff, recognise, read, roles)',
          discovery.wall.toFixed(2),
          discovery.cpu.toFixed(2),
        ],
      ],
    ),
  );
  const met = discovery.wall <= 2;
  console.log(`\ntarget: discoverRuns of 10,000 files ≤ 2 s (wall): ${met ? 'met' : 'NOT met at this load'}`);
});
