import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  detectFileFormat,
  findRunTables,
  readForeignCsv,
  readJsonlTable,
  readRunTable,
  readWandbCsv,
  splitWandbRuns,
  valueAtKey,
} from '../src/index.js';
import { tempDir } from './helpers.js';

// As W&B's "Export panel data → CSV" writes it: one metric, each run with its min/max band.
const WANDB = [
  '"Step","ppo-seed1 - charts/episodic_return","ppo-seed1 - charts/episodic_return__MIN","ppo-seed1 - charts/episodic_return__MAX","ppo-seed2 - charts/episodic_return","ppo-seed2 - charts/episodic_return__MIN","ppo-seed2 - charts/episodic_return__MAX"',
  '"0","10.5","9","12","","",""',
  '"100","20","18","22","15","14","16"',
  '"200","","","","30","29","31"',
  '',
].join('\n');

describe('W&B panel exports', () => {
  it('are detected and read with their series; one table per run on request', async () => {
    const dir = tempDir('wandb');
    const path = join(dir, 'wandb_export_2026-11-24.csv');
    writeFileSync(path, WANDB);
    expect(await detectFileFormat(path)).toBe('wandb-csv');
    const table = await readWandbCsv(path);
    expect(table.columns.size).toBe(7);
    expect(table.meta.wandb).toEqual([
      {
        run: 'ppo-seed1',
        metric: 'charts/episodic_return',
        column: 'ppo-seed1 - charts/episodic_return',
        min: 'ppo-seed1 - charts/episodic_return__MIN',
        max: 'ppo-seed1 - charts/episodic_return__MAX',
      },
      {
        run: 'ppo-seed2',
        metric: 'charts/episodic_return',
        column: 'ppo-seed2 - charts/episodic_return',
        min: 'ppo-seed2 - charts/episodic_return__MIN',
        max: 'ppo-seed2 - charts/episodic_return__MAX',
      },
    ]);
    const [first, second] = splitWandbRuns(table);
    expect(first?.meta.run).toBe('ppo-seed1');
    expect([...(first?.columns.get('step') ?? [])]).toEqual([0, 100]);
    expect([...(first?.columns.get('charts/episodic_return__MAX') ?? [])]).toEqual([12, 22]);
    expect([...(second?.columns.get('step') ?? [])]).toEqual([100, 200]);
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
    const table = await readForeignCsv(path);
    expect([...table.columns.keys()]).toEqual(['epoch', 'val, loss']);
    expect([...(table.columns.get('val, loss') ?? [])]).toEqual([0.5, 0.25]);
    expect(table.meta).toEqual({ delimiter: '\t', comments: [' exported by a tool'] });
    expect(table.issues).toEqual([`${path}:3: column "note" holds text ("a \\"quoted\\" note"); left out`]);
  });

  it('reports a row of the wrong width with its line; keeps a complete last line without a newline', async () => {
    const dir = tempDir('foreign-width');
    const path = join(dir, 'x.csv');
    writeFileSync(path, 'a,b\n1,2\n3\n5,6');
    const table = await readForeignCsv(path);
    expect([...(table.columns.get('b') ?? [])]).toEqual([2, 6]);
    expect(table.issues).toEqual([`${path}:3: 1 fields, expected 2 like the header; row skipped`]);
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
    const table = await readJsonlTable(path);
    expect([...(table.columns.get('episode.r') ?? [])]).toEqual([1.5, 2]);
    expect([...(table.columns.get('episode.l') ?? [])]).toEqual([10, Number.NaN]);
    expect([...(table.columns.get('ok') ?? [])]).toEqual([1, Number.NaN]);
    expect(table.issues).toHaveLength(2);
    expect(table.issues[0]).toBe(`${path}:4: last line has no line end (torn); not read`);
    expect(table.issues[1]).toMatch(new RegExp(`^${path}:3: invalid JSON`));
    expect(valueAtKey({ episode: { r: 4 } }, 'episode.r')).toBe(4);
    expect(valueAtKey({ 'episode.r': 5 }, 'episode.r')).toBe(5);
    expect(valueAtKey({ episode: 1 }, 'episode.r')).toBeUndefined();
  });
});

describe('readRunTable / findRunTables on folders', () => {
  it('an empty folder: nothing found, and what was looked for', async () => {
    const dir = tempDir('empty');
    writeFileSync(join(dir, 'notes.txt'), 'hello');
    const { found, lookedFor } = await findRunTables(dir);
    expect(found).toEqual([]);
    expect(lookedFor.join('; ')).toMatch(/monitor\.csv.*tfevents/);
    await expect(readRunTable(dir)).rejects.toThrow(
      new RegExp(`^${dir}: no run found \\(looked for .*monitor\\.csv`),
    );
  });

  it('an evidence folder reads its training log with csv-log', async () => {
    const dir = tempDir('evidence');
    writeFileSync(join(dir, 'checkpoint_evals.csv'), 'step,mean_reward\n1,0.5\n');
    writeFileSync(join(dir, 'training_log.csv'), 'step,loss,reward\n1,0.5,1\n2,0.25,2\n');
    const table = await readRunTable(dir);
    expect(table.format).toBe('evidence-csv');
    expect(table.path).toBe(join(dir, 'training_log.csv'));
    expect([...(table.columns.get('reward') ?? [])]).toEqual([1, 2]);
    expect(table.issues).toEqual([
      `${dir}: also holds checkpoint_evals.csv (evidence-csv); read with { format } to pick another`,
    ]);
  });
});
