import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { discoverRuns, type Run, runColumns, valueAtKey } from '../src/index.js';
import { tempDir } from './helpers.js';

const values = (run: Run | undefined, metric: string) => [
  ...(run?.series.find((s) => s.metric === metric)?.values ?? []),
];
const steps = (run: Run | undefined, metric: string) => [
  ...(run?.series.find((s) => s.metric === metric)?.steps ?? []),
];

// As W&B's "Export panel data → CSV" writes it: one metric, each run with its min/max band.
const WANDB = [
  '"Step","ppo-seed1 - charts/episodic_return","ppo-seed1 - charts/episodic_return__MIN","ppo-seed1 - charts/episodic_return__MAX","ppo-seed2 - charts/episodic_return","ppo-seed2 - charts/episodic_return__MIN","ppo-seed2 - charts/episodic_return__MAX"',
  '"0","10.5","9","12","","",""',
  '"100","20","18","22","15","14","16"',
  '"200","","","","30","29","31"',
  '',
].join('\n');

describe('W&B panel exports', () => {
  it('are detected and split into one run per W&B run, each metric with its band', async () => {
    const dir = tempDir('wandb');
    const path = join(dir, 'wandb_export_2026-11-24.csv');
    writeFileSync(path, WANDB);
    const { runs } = await discoverRuns(path);
    expect(runs.map((r) => [r.id, r.format, r.run, r.x, r.y])).toEqual([
      ['wandb_export_2026-11-24.csv#ppo-seed1', 'wandb-panel', 'ppo-seed1', 'Step', 'charts/episodic_return'],
      ['wandb_export_2026-11-24.csv#ppo-seed2', 'wandb-panel', 'ppo-seed2', 'Step', 'charts/episodic_return'],
    ]);
    const [first, second] = runs;
    expect(steps(first, 'charts/episodic_return')).toEqual([0, 100]);
    expect(values(first, 'charts/episodic_return__MAX')).toEqual([12, 22]);
    expect(steps(second, 'charts/episodic_return')).toEqual([100, 200]);
  });
});

describe('other CSV and TSV files (papaparse)', () => {
  it('reads quoted fields, # comment lines, \\r\\n, a detected tab delimiter; names left-out text columns', async () => {
    const dir = tempDir('foreign');
    const path = join(dir, 'metrics.tsv');
    writeFileSync(
      path,
      '# exported by a tool\r\nepoch\t"val, loss"\tnote\r\n1\t0.5\t"a ""quoted"" note"\r\n# mid comment\r\n2\t0.25\tok\r\n',
    );
    const { runs } = await discoverRuns(path);
    const run = runs[0];
    expect(run ? [...runColumns(run).keys()] : []).toEqual(['epoch', 'val, loss']);
    expect(values(run, 'val, loss')).toEqual([0.5, 0.25]);
    expect(run?.meta).toEqual({ delimiter: '\t', comments: [' exported by a tool'], files: ['metrics.tsv'] });
    expect(run?.issues).toEqual([
      `${path}: text columns (not charted): "note" (line 3: "a \\"quoted\\" note")`,
    ]);
  });

  it('reports a row of the wrong width with its line; a last line without its newline is torn, never read', async () => {
    const dir = tempDir('foreign-width');
    const path = join(dir, 'x.csv');
    writeFileSync(path, 'a,b\n1,2\n3\n5,6');
    const { runs } = await discoverRuns(path);
    // a complete-looking last line may still be cut short (5,6 of 5,60): issue #21 says never return it
    expect(values(runs[0], 'b')).toEqual([2]);
    expect(runs[0]?.issues).toEqual([
      `${path}:4: last line has no line end (torn by a crash or still being written: the file was modified 0 s ago, it may be being written); not read: "5,6"`,
      `${path}:3: 1 fields, expected 2 like the header; row skipped`,
    ]);
  });
});

describe('JSONL with nested keys', () => {
  it('flattens {"episode": {"r": …}} to episode.r; valueAtKey reads a dotted key', async () => {
    const dir = tempDir('jsonl');
    const path = join(dir, 'episodes.jsonl');
    writeFileSync(
      path,
      '{"episode": {"r": 1.5, "l": 10}, "ok": true}\n{"episode": {"r": 2}, "note": "x"}\nnot json\n{"episode": {"r": 3',
    );
    const { runs } = await discoverRuns(path);
    const run = runs[0];
    expect(values(run, 'episode.r')).toEqual([1.5, 2]);
    expect(values(run, 'episode.l')).toEqual([10]);
    expect(values(run, 'ok')).toEqual([1]);
    expect(run?.issues).toHaveLength(2);
    expect(run?.issues[0]).toBe(
      `${path}:4: last line has no line end (torn: the file was modified 0 s ago, it may be being written); not read`,
    );
    expect(run?.issues[1]).toMatch(new RegExp(`^${path}:3: invalid JSON`));
    expect(valueAtKey({ episode: { r: 4 } }, 'episode.r')).toBe(4);
    expect(valueAtKey({ 'episode.r': 5 }, 'episode.r')).toBe(5);
    expect(valueAtKey({ episode: 1 }, 'episode.r')).toBeUndefined();
  });
});

describe('discoverRuns on folders', () => {
  it('an empty folder: no run, the other files counted as ignored', async () => {
    const dir = tempDir('empty');
    writeFileSync(join(dir, 'notes.txt'), 'hello');
    const found = await discoverRuns(dir);
    expect(found.runs).toEqual([]);
    expect(found.ignored).toEqual(['notes.txt']);
    expect(found.summary).toMatch(/^0 runs/);
  });

  it('an evidence folder is one run: every series of its logs, read with csv-log; run.json as its config', async () => {
    const dir = tempDir('evidence');
    writeFileSync(join(dir, 'checkpoint_evals.csv'), 'step,mean_reward\n1,0.5\n');
    writeFileSync(join(dir, 'training_log.csv'), 'step,loss,reward\n1,0.5,1\n2,0.25,2\n');
    writeFileSync(join(dir, 'run.json'), '{"environment": {"id": "CartPole-v1"}, "seed": 3, "lr": NaN}');
    const { runs } = await discoverRuns(dir);
    expect(runs.map((r) => [r.id, r.layout, r.format, r.x, r.y])).toEqual([
      ['.', 'evidence', 'evidence-csv', 'step', 'reward'],
    ]);
    const run = runs[0];
    expect(values(run, 'reward')).toEqual([1, 2]);
    expect(series(run, 'mean_reward')).toBe('checkpoint_evals.csv');
    expect([run?.meta.envId, run?.meta.seed]).toEqual(['CartPole-v1', 3]);
    expect(run?.meta.config).toMatchObject({ seed: 3, lr: Number.NaN });
    expect(run?.issues).toEqual([]);
  });
});

function series(run: Run | undefined, metric: string): string | undefined {
  return run?.series.find((s) => s.metric === metric)?.source;
}
