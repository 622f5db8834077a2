/**
 * Small hostile inputs beside real runs (issue 40): each is skipped and named, never a failed
 * discovery, and what is kept is bounded. Real files in temp folders; what a whole command does with
 * them (and its memory) is apps/cli's hostile-sources.e2e.test.ts, the budgets are bench/hostile.ts.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { openCsvLog } from '@evidence/csv-log';
import fc from 'fast-check';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { CONFIG_KEYS_MAX } from '../src/config-bound.js';
import { loadYamlBounded } from '../src/config-files.js';
import { discoverRuns } from '../src/index.js';
import { NPZ_INFLATED_MAX, readNpz } from '../src/stores/npz.js';
import { tempDir } from './helpers.js';
import { aliasBomb, npy, PROGRESS, runFolder, zipOf } from './hostile-fixtures.js';

const HOUR_AGO = new Date(Date.now() - 3_600_000);
describe('YAML configurations: aliases expand within a bound', () => {
  for (const form of ['list', 'map'] as const)
    it(`an alias bomb (${form} form) beside a run: the run is read, that configuration skipped and named`, async () => {
      const root = tempDir('hostile');
      const text = aliasBomb(form);
      expect(text.length).toBeLessThan(1200);
      runFolder(root, 'run1', { 'config.yml': text });
      runFolder(root, 'run2', { 'config.yml': 'lr: 0.001\nseed: 2\n' });
      const { runs, skipped } = await discoverRuns(root);
      expect(skipped).toEqual([]);
      const [one, two] = runs;
      expect(one?.issues.join('\n')).toMatch(
        /run1\/config\.yml: not readable YAML \(its aliases expand to more than [\d,]+ values \(an alias bomb\?\)\); this configuration not read/,
      );
      expect(one?.meta.config ?? {}).toEqual({});
      expect(two?.meta.config).toEqual({ lr: 0.001, seed: 2 });
      expect([...(one?.series.find((s) => s.metric === 'reward')?.values ?? [])]).toEqual([2, 3, 5]);
    });

  it('honest reuse of anchors (`<<: *defaults`, an alias or two) reads as before', () => {
    const text = 'defaults: &d {lr: 0.1, gamma: 0.99}\nppo: {<<: *d, clip: 0.2}\nsac: *d\n';
    expect(loadYamlBounded(text)).toEqual({
      defaults: { lr: 0.1, gamma: 0.99 },
      ppo: { lr: 0.1, gamma: 0.99, clip: 0.2 },
      sac: { lr: 0.1, gamma: 0.99 },
    });
  });
});

describe('files that cannot be opened', () => {
  it('a pipe, a socket-like special file and a link to a device are listed as not read, never opened', async () => {
    const root = tempDir('hostile');
    const dir = runFolder(root, 'run');
    expect(spawnSync('mkfifo', [join(dir, 'metrics.csv')]).status).toBe(0);
    symlinkSync('/dev/zero', join(dir, 'zero.csv'));
    const elsewhere = tempDir('hostile-fifo');
    expect(spawnSync('mkfifo', [join(elsewhere, 'pipe')]).status).toBe(0);
    symlinkSync(join(elsewhere, 'pipe'), join(dir, 'pipe.csv'));
    // a read of either would block (the pipe) or never end (the device): the discovery returns
    const found = await discoverRuns(root);
    expect(found.runs.map((r) => r.id)).toEqual(['run']);
    const why = new Map(found.unread.map((u) => [u.path, u.why]));
    expect(why.get('run/metrics.csv')).toMatch(/not a regular file .*not read/);
    expect(why.get('run/zero.csv')).toBe(
      "/dev/zero: the system's /dev (made up as it is read, no run there), not read",
    );
    expect(why.get('run/pipe.csv')).toMatch(/^a link to not a regular file .*not read$/);
  });

  it('a link to / (or to a folder holding the root) is not walked; /proc is never walked', async () => {
    const root = tempDir('hostile');
    runFolder(root, 'run');
    symlinkSync('/', join(root, 'machine'));
    symlinkSync(join(root, '..'), join(root, 'up'));
    symlinkSync('/proc', join(root, 'proc'));
    const found = await discoverRuns(root);
    expect(found.runs.map((r) => r.id)).toEqual(['run']);
    const why = new Map(found.unread.map((u) => [u.path, u.why]));
    expect(why.get('machine')).toBe('a link to /, a folder holding this one, not walked');
    expect(why.get('up')).toMatch(/a folder holding this one, not walked$/);
    expect(why.get('proc')).toMatch(/the system's \/proc .*not read/);
  });

  it('a file or folder whose name is not UTF-8 is named by its bytes, not as a missing file', async () => {
    const root = tempDir('hostile');
    runFolder(root, 'run');
    const latin1 = Buffer.concat([Buffer.from(join(root, 'caf')), Buffer.from([0xe9])]);
    mkdirSync(latin1);
    writeFileSync(Buffer.concat([latin1, Buffer.from('/progress.csv')]), PROGRESS);
    const found = await discoverRuns(root);
    expect(found.runs.map((r) => r.id)).toEqual(['run']);
    expect(found.skipped).toEqual([
      {
        path: 'caf\\xe9',
        why: 'its name is not UTF-8 (bytes shown as \\xNN), so it cannot be opened by name: not read; rename it to read it',
      },
    ]);
    expect(JSON.stringify(found)).not.toContain('ENOENT');
  });
});

describe('budgets of what is read', () => {
  it('an .npz whose arrays would inflate past the bound is skipped, naming the file, before inflating; its run is read', async () => {
    const root = tempDir('hostile');
    const dir = runFolder(root, 'evals');
    // the directory declares 200 MiB for a 1 KB entry: refused on what it declares, nothing inflated
    const size = NPZ_INFLATED_MAX + 2 ** 20 * 72;
    const small = deflateRawSync(Buffer.alloc(1000));
    writeFileSync(
      join(dir, 'evaluations.npz'),
      zipOf([
        ['timesteps.npy', small, 1000],
        ['results.npy', small, size],
      ]),
    );
    const found = await discoverRuns(root);
    // the run's progress.csv is read; the .npz beside it is said, not inflated
    expect(found.skipped).toEqual([]);
    expect(found.runs.map((r) => r.id)).toEqual(['evals']);
    expect(found.runs[0]?.issues).toEqual([
      expect.stringMatching(
        /evals\/evaluations\.npz: its arrays would inflate to more than 128 MiB \(results\.npy alone 200 MiB, from 0\.0 MiB; a zip bomb\?\); not read; the run is read without it$/,
      ),
    ]);
  });

  it('an .npz whose data inflates past the sizes its directory declares is stopped there and skipped, naming the entry; the rest of the folder is read', async () => {
    const root = tempDir('hostile');
    // 8 MiB of zeros behind a declared kilobyte (issue 40's was gigabytes: the same lie, stopped the same way)
    const zeros = deflateRawSync(Buffer.alloc(8 * 2 ** 20), { level: 9 });
    runFolder(root, 'lying', {
      'evaluations.npz': zipOf([
        ['timesteps.npy', zeros, 1000],
        ['results.npy', zeros, 1000],
      ]),
    });
    runFolder(root, 'honest', { 'evaluations.npz': Buffer.from(honestEvaluations()) });
    const found = await discoverRuns(root);
    expect(found.skipped).toEqual([]);
    expect(found.runs.map((r) => r.id)).toEqual(['honest', 'lying']);
    const [honest, lying] = found.runs;
    expect(lying?.issues).toEqual([
      expect.stringMatching(
        /lying\/evaluations\.npz: timesteps\.npy inflates to more than the 1,000 bytes its zip directory declares \(a zip bomb\?\); stopped there; not read; the run is read without it$/,
      ),
    ]);
    expect([...(lying?.series.find((s) => s.metric === 'reward')?.values ?? [])]).toEqual([2, 3, 5]);
    expect(honest?.issues).toEqual([]);
    expect([...(honest?.series.find((s) => s.metric === 'eval/mean_reward')?.values ?? [])]).toEqual([
      1.5, 3.5,
    ]);
  });

  it('an .npz entry is read only when it inflates to exactly its declared size; else refused, saying both', async () => {
    const root = tempDir('hostile');
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.double(), { maxLength: 500 }),
        fc.oneof(fc.constant(0), fc.integer({ min: -100, max: 100 })),
        async (values, lie) => {
          const body = npy(`(${values.length},)`, Float64Array.from(values));
          const declared = Math.max(0, body.length + lie);
          const path = join(root, 'e.npz');
          writeFileSync(path, zipOf([['x.npy', deflateRawSync(body), declared]]));
          const read = readNpz(path);
          if (declared === body.length) expect([...((await read).get('x')?.values ?? [])]).toEqual(values);
          else if (declared < body.length)
            await expect(read).rejects.toThrow(
              `${path}: x.npy inflates to more than the ${declared.toLocaleString('en')} bytes its zip directory declares (a zip bomb?); stopped there; not read`,
            );
          else
            await expect(read).rejects.toThrow(
              `${path}: x.npy inflates to ${body.length.toLocaleString('en')} bytes, its zip directory declares ${declared.toLocaleString('en')}; not read`,
            );
        },
      ),
      { numRuns: 80 },
    );
  });

  it('a configuration of 200,000 keys keeps its first 10,000 and says how many were left out', async () => {
    const root = tempDir('hostile');
    const config = Object.fromEntries(Array.from({ length: 200_000 }, (_, i) => [`hp_${i}`, i / 2]));
    runFolder(root, 'big', { 'params.json': JSON.stringify({ nested: config, seed: 1 }) });
    const { runs } = await discoverRuns(root);
    const kept = runs[0]?.meta.config as { nested: Record<string, number>; seed?: number };
    expect(Object.keys(kept.nested)).toHaveLength(CONFIG_KEYS_MAX);
    expect(kept.nested.hp_9999).toBe(4999.5);
    expect(runs[0]?.issues).toContainEqual(
      expect.stringMatching(
        /big: its configuration \(params\.json\) has 200,001 keys: the first 10,000 kept, 190,001 left out$/,
      ),
    );
  });

  it('empty table files are runs with nothing logged: each skipped and said', async () => {
    const root = tempDir('hostile');
    runFolder(root, 'run');
    for (let i = 0; i < 50; i++) writeFileSync(join(root, `empty${i}.csv`), '');
    const found = await discoverRuns(root);
    expect(found.runs.map((r) => r.id)).toEqual(['run']);
    expect(found.skipped).toHaveLength(50);
    expect(found.skipped[0]?.why).toBe('no numeric column (an empty file, nothing logged yet)');
  });
});

describe("a log cut in its last line: csv-log's rule for every reader", () => {
  it('a csv-log log under another name, settled, cut anywhere in its last line: never a value read that was not written', async () => {
    const root = tempDir('torn');
    const whole = join(root, 'whole.csv');
    const log = openCsvLog(whole, { columns: ['step', 'reward'] });
    for (let i = 1; i <= 1000; i++) log.append({ step: i, reward: i + 9.5 });
    await log.close();
    const text = readFileSync(whole, 'utf8');
    const lastStart = text.lastIndexOf('\n', text.length - 2) + 1;
    expect(text.slice(lastStart)).toBe('1000,1009.5\n');
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: text.length - lastStart - 1 }), async (keep) => {
        const dir = join(root, `cut${keep}`);
        mkdirSync(dir, { recursive: true });
        const path = join(dir, 'scores.csv');
        writeFileSync(path, text.slice(0, lastStart + keep));
        utimesSync(path, HOUR_AGO, HOUR_AGO);
        const { runs } = await discoverRuns(path);
        const reward = runs[0]?.series.find((s) => s.metric === 'reward');
        // the cut line is torn, whatever it still holds: 999 rows, the last as written
        expect(reward?.values.length).toBe(999);
        expect(reward?.values.at(-1)).toBe(999 + 9.5);
        expect(runs[0]?.issues.join('\n')).toMatch(/:1001: last line has no line end.*\(torn/);
      }),
      { numRuns: 40 },
    );
  });

  it('a settled export whose last cell closes its quote keeps its last row (W&B quotes every cell)', async () => {
    const root = tempDir('torn');
    const path = join(root, 'export.csv');
    writeFileSync(path, '"step","reward"\n"1","2"\n"2","3.5"');
    utimesSync(path, HOUR_AGO, HOUR_AGO);
    const { runs } = await discoverRuns(path);
    expect([...(runs[0]?.series.find((s) => s.metric === 'reward')?.values ?? [])]).toEqual([2, 3.5]);
  });
});

/** An EvalCallback log of two evaluations of two episodes, as np.savez writes it (deflated here). */
function honestEvaluations(): Uint8Array {
  return zipSync({
    'timesteps.npy': npy('(2,)', Float64Array.of(1000, 2000)),
    'results.npy': npy('(2, 2)', Float64Array.of(1, 2, 3, 4)),
  });
}
