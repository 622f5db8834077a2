/**
 * Random trees mixing every layout (monitor folders, progress tables with any delimiter, headerless
 * d3rlpy files, sacred stores, W&B exports, wide and long tables, JSON Lines, crashed event files,
 * configurations, pictures, notes, binary files, version control, Acme phase folders, TorchRL scalars,
 * Hydra jobs, PFRL scores), nested at random depths under
 * random environment folders: every file is in a run, under a skipped run, or listed as not read
 * with why; no run spans two environments, and a run under an environment's folder has that task.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { discoverRuns } from '../src/index.js';
import { tempDir } from './helpers.js';

const ENVS = ['CartPole-v1', 'Pendulum-v1', 'walker_walk', 'ALE/Pong-v5', null] as const;
const KINDS = [
  'monitor',
  'progress-csv',
  'progress-tsv',
  'semicolon',
  'whitespace',
  'd3rlpy',
  'sacred',
  'wandb',
  'wide',
  'long',
  'jsonl',
  'crashed-events',
  'config-only',
  'picture',
  'notes',
  'binary',
  'git',
  'phases',
  'scalars',
  'hydra',
  'scores',
] as const;
type Kind = (typeof KINDS)[number];

interface Block {
  kind: Kind;
  env: (typeof ENVS)[number];
  depth: string[];
  rows: number;
  loose: boolean;
}

const block = fc.record({
  kind: fc.constantFrom(...KINDS),
  env: fc.constantFrom(...ENVS),
  depth: fc.array(fc.constantFrom('results', 'exp', 'sweep', 'logs'), { maxLength: 2 }),
  rows: fc.integer({ min: 1, max: 6 }),
  loose: fc.boolean(),
});

/** Writes one block into its own folder; returns the files written (relative to the root). */
function write(root: string, b: Block, i: number): string[] {
  const segments = [...b.depth, ...(b.env ? b.env.split('/') : []), `b${i}`];
  const dir = join(root, ...segments);
  mkdirSync(dir, { recursive: true });
  const rel = segments.join('/');
  const files: string[] = [];
  const put = (name: string, content: string | Buffer) => {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), content);
    files.push(`${rel}/${name}`);
  };
  const rows = Array.from({ length: b.rows }, (_, k) => k);
  switch (b.kind) {
    case 'monitor':
      put(
        '0.monitor.csv',
        `#{"t_start": 1700000000.0, "env_id": "${b.env ?? 'Custom-v0'}"}\nr,l,t\n${rows.map((k) => `${k}.5,10,${k + 1}.0`).join('\n')}\n`,
      );
      break;
    case 'progress-csv':
      put(
        'progress.csv',
        `time/total_timesteps,rollout/ep_rew_mean\n${rows.map((k) => `${(k + 1) * 100},${k}`).join('\n')}\n`,
      );
      break;
    case 'progress-tsv':
      put(
        'progress.txt',
        `Epoch\tAverageEpRet\tTotalEnvInteracts\n${rows.map((k) => `${k}\t${k}.5\t${(k + 1) * 4000}`).join('\n')}\n`,
      );
      break;
    case 'semicolon':
      put('results.dat', `step;return\n${rows.map((k) => `${k};${k * 2}`).join('\n')}\n`);
      break;
    case 'whitespace':
      put('scores', `${rows.map((k) => `  ${k}   ${k}.25`).join('\n')}\n`);
      break;
    case 'd3rlpy':
      put('loss.csv', `${rows.map((k) => `${k + 1},${(k + 1) * 10},0.${k}`).join('\n')}\n`);
      put('environment.csv', `${rows.map((k) => `${k + 1},${(k + 1) * 10},${k}`).join('\n')}\n`);
      break;
    case 'sacred':
      put(
        'metrics.json',
        JSON.stringify(
          { reward: { steps: rows, timestamps: rows.map(() => '2024-01-01T00:00:00'), values: rows } },
          null,
          2,
        ),
      );
      put('config.json', JSON.stringify({ lr: 0.1, seed: i }));
      break;
    case 'wandb':
      put(
        'export.csv',
        `"Step","run-a - reward","run-b - reward"\n${rows.map((k) => `"${k}","${k}","${k + 1}"`).join('\n')}`,
      );
      break;
    case 'wide':
      put(
        'merged.csv',
        `env_step,rew,rew:seed_0,rew:seed_1\n${rows.map((k) => `${k},${k},${k},${k}`).join('\n')}\n`,
      );
      break;
    case 'long':
      put(
        'long.csv',
        `step,reward,seed\n${rows.flatMap((k) => [`${k},${k},0`, `${k},${k + 1},1`]).join('\n')}\n`,
      );
      break;
    case 'jsonl':
      put(
        'metrics.jsonl',
        `${rows.map((k) => JSON.stringify({ step: k, 'episode/score': k })).join('\n')}\n`,
      );
      break;
    case 'crashed-events':
      put(`events.out.tfevents.170000000${i}.host.1.0`, Buffer.alloc(0));
      break;
    case 'config-only':
      put('config.yaml', 'lr: 0.1\n');
      break;
    case 'picture':
      put('curve.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]));
      break;
    case 'notes':
      put('README.md', '# notes\nthe runs of last week\n');
      break;
    case 'binary':
      put('model.pt', Buffer.from([0x80, 0x02, 0x7d, 0x71, 0x00, 0x00, 0x01]));
      break;
    case 'git':
      put('.git/HEAD', 'ref: refs/heads/main\n');
      break;
    case 'phases': // Acme's CSVLogger: a table per phase under one name
      put(
        'logs/evaluator/logs.csv',
        `actor_steps,episode_return\n${rows.map((k) => `${k * 10},${k}`).join('\n')}\n`,
      );
      put('logs/learner/logs.csv', `learner_steps,loss\n${rows.map((k) => `${k},0.${k}`).join('\n')}\n`);
      break;
    case 'scalars': // TorchRL's CSVLogger: headerless step,value files, a `/` in a name a subfolder
      put('scalars/r_evaluation.csv', `${rows.map((k) => `${k * 10},${k}.5`).join('\n')}\n`);
      put('scalars/train/reward.csv', `${rows.map((k) => `${k * 10},${k}`).join('\n')}\n`);
      break;
    case 'hydra': // a Hydra job: its config in .hydra/, its log a text file opening with a bracket
      put('progress.csv', `step,episode_reward\n${rows.map((k) => `${k},${k}`).join('\n')}\n`);
      put('.hydra/config.yaml', `seed: ${i}\nlr: 0.1\n`);
      put('.hydra/overrides.yaml', `- seed=${i}\n`);
      put('train.log', '[2024-01-01 12:00:00,000][__main__][INFO] - training\n');
      break;
    case 'scores': // PFRL's evaluator: tab-separated statistics, args.txt beside
      put(
        'scores.txt',
        `steps\tepisodes\tmean\tmedian\n${rows.map((k) => `${k * 100}\t${k}\t${k}.5\t${k}`).join('\n')}\n`,
      );
      put('args.txt', JSON.stringify({ seed: i, steps: 100 }));
      break;
  }
  // a loose table beside the block's folder: a run of its own (or its folder's)
  if (b.loose) {
    const name = `loose${i}.csv`;
    writeFileSync(join(dir, '..', name), `step,reward\n0,1\n1,2\n`);
    files.push([...segments.slice(0, -1), name].join('/'));
  }
  return files;
}

/** What the generator put in a file's path: the environment folder, if any. */
function envOf(path: string): string | null {
  for (const env of ENVS) if (env && (path.startsWith(`${env}/`) || path.includes(`/${env}/`))) return env;
  return null;
}

const TASK_OF: Record<string, string> = { walker_walk: 'walker-walk' };

describe('the catalogue over random trees (property)', () => {
  it('every file is in a run, under a skipped run, or listed as not read; no run spans two environments', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(block, { minLength: 1, maxLength: 7 }), async (blocks) => {
        const root = tempDir('catalogue-property');
        const written = blocks.flatMap((b, i) => write(root, b, i));
        const found = await discoverRuns(root);
        const inRuns = new Set(found.runs.flatMap((run) => (run.meta.files as string[] | undefined) ?? []));
        const unread = new Set(found.unread.map((u) => u.path));
        const skipped = found.skipped.map((s) => s.path.split('#')[0] as string);
        for (const file of written) {
          const accounted =
            inRuns.has(file) ||
            unread.has(file) ||
            skipped.some((s) => s === file || file.startsWith(`${s}/`)) ||
            found.unread.some((u) => file.startsWith(`${u.path}/`));
          expect(accounted, `${file} is neither read nor listed`).toBe(true);
        }
        for (const run of found.runs) {
          const envs = new Set(((run.meta.files as string[] | undefined) ?? []).map(envOf));
          expect(envs.size, `${run.id} spans ${[...envs].join(', ')}`).toBeLessThanOrEqual(1);
          const env = [...envs][0];
          if (env) expect(run.task, run.id).toBe(TASK_OF[env] ?? env);
        }
      }),
      { numRuns: 40 },
    );
  });
});
