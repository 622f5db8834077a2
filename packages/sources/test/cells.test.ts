/**
 * Cells other trainers write where a number is expected: pandas' missing-value spellings, numbers padded
 * with spaces, scalars printed as Python tensors and arrays, a few text cells in a column of numbers,
 * and the NUL bytes a crash leaves at a log's end. Each is read through every table reader: whole text,
 * parsed rows, streamed file (and discovery, for the chart it feeds).
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cellValue } from '../src/cell-value.js';
import { cellNumber, csvField } from '../src/cells.js';
import {
  numericColumns,
  type ParseDelimitedOptions,
  parseDelimited,
  readDelimitedColumns,
  readDelimitedFile,
} from '../src/delimited.js';
import { discoverRuns } from '../src/index.js';
import { tempDir } from './helpers.js';

const dir = tempDir('cells');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** pandas' `read_csv` default `na_values` (pandas._libs.parsers.STR_NA_VALUES). */
const NA_SPELLINGS = [
  '',
  '#N/A',
  '#N/A N/A',
  '#NA',
  '-1.#IND',
  '-1.#QNAN',
  '-NaN',
  '-nan',
  '1.#IND',
  '1.#QNAN',
  '<NA>',
  'N/A',
  'NA',
  'NULL',
  'NaN',
  'None',
  'n/a',
  'nan',
  'null',
];

const SCALARS: [string, number][] = [
  ['tensor(0.5000)', 0.5],
  ["tensor(0.5, device='cuda:0')", 0.5],
  ['tensor(1.2e-03, grad_fn=<MulBackward0>)', 1.2e-3],
  ["tensor(-3.2500, device='cuda:0', grad_fn=<MeanBackward0>)", -3.25],
  ['tensor(7, dtype=torch.int32)', 7],
  ['tensor(0.2500, requires_grad=True)', 0.25],
  ['tensor(-inf)', Number.NEGATIVE_INFINITY],
  ['np.float64(0.5)', 0.5],
  ['np.float32(1.5)', 1.5],
  ['np.int64(3)', 3],
  ['np.float64(-2.5e-07)', -2.5e-7],
  ['array(0.5)', 0.5],
  ['array(0.5, dtype=float32)', 0.5],
];

/** Cells that look close to a spelling or a scalar but are text. */
const TEXT = [
  'none',
  'Null',
  'n.a.',
  '-',
  'missing',
  'NA NA',
  'tensor([0.5000])',
  'tensor([0.5, 0.6])',
  'tensor(0.5, 0.6)',
  'array([1, 2])',
  'np.float64(0.5',
  'tensor(x)',
  'tensor()',
  'torch(0.5)',
  "tensor(0.5, device=device(type='cuda'))",
];

const PADS = ['', ' ', '  ', '\t', ' \t '];

function write(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

/** One table read by every reader: its columns and issues, all the same (checked here). */
async function readAll(path: string, options: ParseDelimitedOptions = { lastLine: 'keep-if-complete' }) {
  const text = readFileSync(path, 'utf8');
  const whole = readDelimitedColumns(path, text, options);
  const parsed = parseDelimited(path, text, options);
  const rows = numericColumns(path, parsed);
  const reads = [
    whole,
    await readDelimitedFile(path, options),
    await readDelimitedFile(path, options, {}, 7),
  ];
  for (const read of reads) {
    expect(read.columns).toEqual(whole.columns);
    expect(read.issues).toEqual(whole.issues);
  }
  expect(rows).toEqual(whole.columns);
  expect(parsed.issues).toEqual(whole.issues);
  return { columns: whole.columns, issues: whole.issues, rows: whole.rows };
}

const column = (columns: Map<string, Float64Array>, name: string) => Array.from(columns.get(name) ?? []);

describe('a cell', () => {
  it('spelled as pandas spells a missing value is NaN, padded or not; near spellings are text', () => {
    for (const spelling of NA_SPELLINGS)
      for (const pad of PADS) {
        const cell = `${pad}${spelling}${pad}`;
        expect([cell, cellNumber(cell)]).toEqual([cell, Number.NaN]);
        expect([cell, cellValue(cell)]).toEqual([cell, Number.NaN]);
      }
    for (const cell of TEXT) expect([cell, cellNumber(cell)]).toEqual([cell, undefined]);
  });

  it('printed as a Python scalar tensor or array is its number, padded or not; anything else inside is text', () => {
    for (const [repr, value] of SCALARS)
      for (const pad of PADS) {
        const cell = `${pad}${repr}${pad}`;
        expect([cell, cellNumber(cell)]).toEqual([cell, value]);
        expect([cell, cellValue(cell)]).toEqual([cell, value]);
      }
    expect(cellNumber('tensor(nan)')).toBeNaN();
    expect(cellNumber('np.float64(nan)')).toBeNaN();
    for (const cell of TEXT) expect([cell, cellValue(cell)]).toEqual([cell, undefined]);
  });
});

describe('a column of numbers', () => {
  it('with padded numbers, every NA spelling and scalar reprs is read as numbers by every reader', async () => {
    const cells = [
      ...NA_SPELLINGS.map((s, i) => [`${PADS[i % PADS.length]}${s}`, Number.NaN] as const),
      ...SCALARS,
      [' 3.5', 3.5],
      ['3.5 ', 3.5],
      ['\t-2\t', -2],
      ['  1e-05  ', 1e-5],
    ] as const;
    // a cell holding a comma or quote is quoted, as a csv writer quotes it
    const lines = ['step,loss', ...cells.map(([cell], i) => `${i},${csvField(cell)}`)];
    const path = write('padded.csv', `${lines.join('\n')}\n`);
    const read = await readAll(path);
    expect(read.issues).toEqual([]);
    expect(column(read.columns, 'loss')).toEqual(cells.map(([, value]) => value));
  });

  it('keeps a minority of text cells as missing values, said in one issue; a column mostly of text stays text', async () => {
    const lines = ['step,loss,note,tie'];
    for (let row = 0; row < 20; row++) {
      const loss = row === 15 ? 'diverged' : row === 18 ? 'restarting' : String(1 / (row + 1));
      const note = row % 3 === 0 ? String(row) : `note ${row}`;
      lines.push(`${row},${loss},${note},${row % 2 === 0 ? row : 'odd'}`);
    }
    const path = write('progress.csv', `${lines.join('\n')}\n`);
    const read = await readAll(path);
    const loss = column(read.columns, 'loss');
    expect(loss.slice(14, 19)).toEqual([1 / 15, Number.NaN, 1 / 17, 1 / 18, Number.NaN]);
    expect([...read.columns.keys()]).toEqual(['step', 'loss']);
    expect(read.issues).toEqual([
      `${path}: column "loss": 2 text cells left out as missing (line 17: "diverged")`,
      `${path}: text columns (not charted): "note" (line 3: "note 1"), "tie" (line 3: "odd")`,
    ]);
  });

  it('with one text cell says "cell"', async () => {
    const path = write('one.csv', 'step,r\n1,1\n2,oops\n3,3\n');
    expect((await readAll(path)).issues).toEqual([
      `${path}: column "r": 1 text cell left out as missing (line 3: "oops")`,
    ]);
  });

  it('is charted by discovery when a trainer printed None and tensors in it', async () => {
    const run = join(dir, 'discovered', 'PPO_1');
    mkdirSync(run, { recursive: true });
    const rows = Array.from({ length: 8 }, (_, i) =>
      [(i + 1) * 2048, i === 2 ? 'None' : `tensor(${i}.5000)`, i === 5 ? 'N/A' : ` ${i / 10}`].join(','),
    );
    writeFileSync(
      join(run, 'progress.csv'),
      `time/total_timesteps,rollout/ep_rew_mean,train/loss\n${rows.join('\n')}\n`,
    );
    const { runs } = await discoverRuns(join(dir, 'discovered'));
    const values = (metric: string) =>
      Array.from(runs[0]?.series.find((s) => s.metric === metric)?.values ?? []);
    expect(values('rollout/ep_rew_mean')).toEqual([0.5, 1.5, 3.5, 4.5, 5.5, 6.5, 7.5]);
    expect(values('train/loss')).toEqual([0, 0.1, 0.2, 0.3, 0.4, 0.6, 0.7]);
    expect(runs[0]?.issues.join('\n')).not.toContain('text columns');
  });
});

describe('NUL bytes ending a file (a crash on ext4/xfs)', () => {
  const HEADER = 'step,reward,loss';
  const ROWS = Array.from({ length: 30 }, (_, i) => `${i * 100},${i / 2},${1 / (i + 1)}`);
  const rows = `${HEADER}\n${ROWS.join('\n')}\n`;

  for (const [label, tail, lastLine] of [
    ['after a partial row, torn rule', '3000,15', 'torn'],
    ['after a partial row, export rule', '3000,15', 'keep-if-complete'],
    ['right after a line end', '', 'torn'],
  ] as const)
    it(`are a torn tail: dropped and said, every complete row kept (${label})`, async () => {
      const nuls = 4096 + 123;
      const path = write(`nul-${label.replace(/\W+/g, '-')}.csv`, `${rows}${tail}${'\0'.repeat(nuls)}`);
      const read = await readAll(path, { lastLine });
      expect(read.rows).toBe(ROWS.length);
      expect(column(read.columns, 'loss')).toEqual(ROWS.map((_, i) => 1 / (i + 1)));
      expect(read.issues[0]).toBe(
        `${path}: ${nuls} NUL bytes at the end (a crash's padding, a torn tail); not read`,
      );
      expect(read.issues.join('\n')).not.toContain('text columns');
      // streamed a few bytes at a time, the padding spans many reads
      const streamed = await readDelimitedFile(path, { lastLine }, {}, 64);
      expect(streamed.columns).toEqual(read.columns);
      expect(streamed.issues).toEqual(read.issues);
    });

  it('as a file whose last row has every field: kept under the export rule only when its end is proved', async () => {
    // `0.5` may be a cut of `0.55`: every field is no proof; a last cell closed by its quote is
    for (const [last, kept] of [
      ['3000,15,0.5', false],
      ['3000,15,"0.5"', true],
    ] as const) {
      const path = write(`nul-complete-${kept}.csv`, `${rows}${last}${'\0'.repeat(10)}`);
      const read = await readAll(path);
      expect(read.rows).toBe(ROWS.length + (kept ? 1 : 0));
      expect(read.issues[0]).toBe(
        `${path}: 10 NUL bytes at the end (a crash's padding, a torn tail); not read`,
      );
      if (!kept)
        expect(read.issues.join('\n')).toMatch(/:32: last line has no line end .*\(torn\); not read/);
    }
  });

  it('not at the end are no torn tail: the cell holding one is text, as before', async () => {
    const path = write('nul-inside.csv', `${HEADER}\n1,2,3\n4,5\0,6\n7,8,9\n`);
    const read = await readAll(path);
    expect(read.rows).toBe(3);
    expect(read.issues).toEqual([
      `${path}: column "reward": 1 text cell left out as missing (line 3: "5\\u0000")`,
    ]);
  });
});
