import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CHECKPOINT_EVALS_COLUMNS,
  CsvFormatError,
  loadCsvLog,
  REWARD_COMPONENTS_COLUMNS,
  readCsvLog,
  readJsonl,
  TRAINING_LOG_COLUMNS,
} from '../src/index.js';
import { FIXTURES, tempDir } from './helpers.js';

async function collect(iterable: AsyncIterable<Record<string, unknown>>) {
  const rows: Record<string, unknown>[] = [];
  for await (const row of iterable) rows.push(row);
  return rows;
}

/** Independent oracle: the fixture's raw text split by hand (it holds no quoted fields). */
function rawLines(file: string): string[][] {
  return readFileSync(join(FIXTURES, file), 'utf8')
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => line.split(','));
}

describe('Python reference fixtures', () => {
  it('training_log.csv: header is the preset, empty kl at step 1 and nan grad_norm read as NaN', async () => {
    const log = await loadCsvLog(join(FIXTURES, 'training_log.csv'));
    const raw = rawLines('training_log.csv');
    expect(log.header).toEqual(TRAINING_LOG_COLUMNS);
    expect(log.rowCount).toBe(raw.length - 1);
    expect(log.issues).toEqual({ torn: null, skipped: [] });
    const kl = log.numeric('kl');
    expect(raw[1]?.[5]).toBe('');
    expect(kl[0]).toBeNaN();
    const gradNorm = log.numeric('grad_norm');
    const nanRows = raw.slice(1).flatMap((cells, i) => (cells[6] === 'nan' ? [i] : []));
    expect(nanRows.length).toBeGreaterThan(0);
    for (let i = 0; i < log.rowCount; i++) {
      const cells = raw[i + 1] as string[];
      for (const [c, name] of TRAINING_LOG_COLUMNS.entries()) {
        const text = cells[c] as string;
        const value = log.numeric(name)[i] as number;
        if (text === '' || text === 'nan') expect(value).toBeNaN();
        else expect(value).toBe(Number.parseFloat(text));
      }
    }
    expect(nanRows.every((i) => Number.isNaN(gradNorm[i]))).toBe(true);
  });

  it('reward_components.csv: empty spin_correct_rate cells are NaN in a numeric column', async () => {
    const log = await loadCsvLog(join(FIXTURES, 'reward_components.csv'));
    const raw = rawLines('reward_components.csv').slice(1);
    expect(log.header).toEqual(REWARD_COMPONENTS_COLUMNS);
    expect(log.rowCount).toBe(raw.length);
    const spin = raw.map((cells) => cells[8] as string);
    expect(spin.filter((text) => text === '').length).toBeGreaterThan(0);
    expect([...log.numeric('spin_correct_rate')]).toEqual(
      spin.map((t) => (t === '' ? Number.NaN : Number(t))),
    );
    expect(log.numeric('n')[0]).toBe(16);
  });

  it('checkpoint_evals.csv through the row iterator', async () => {
    const iterable = readCsvLog(join(FIXTURES, 'checkpoint_evals.csv'));
    const rows = await collect(iterable);
    const raw = rawLines('checkpoint_evals.csv');
    expect(Object.keys(rows[0] ?? {})).toEqual(CHECKPOINT_EVALS_COLUMNS);
    expect(rows.map((row) => row.step)).toEqual(raw.slice(1).map((cells) => Number(cells[0])));
    expect(rows.at(-1)?.fraction_done).toBe(1);
    expect(iterable.issues).toEqual({ torn: null, skipped: [] });
  });

  it('pre/post eval JSONL', async () => {
    for (const file of ['pre_eval.jsonl', 'post_eval.jsonl']) {
      const lines = readFileSync(join(FIXTURES, file), 'utf8').trim().split('\n');
      const result = await readJsonl(join(FIXTURES, file));
      expect(result.records.length).toBe(lines.length);
      expect(result.records[3]).toEqual(JSON.parse(lines[3] as string));
      expect(result.issues).toEqual({ torn: null, skipped: [] });
    }
  });
});

describe('readCsvLog / loadCsvLog on hand-made files', () => {
  const dir = tempDir();
  const write = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };

  it('reads BOM, CRLF, nan/inf spellings, booleans and quoted text', async () => {
    const path = write(
      'mixed.csv',
      '\uFEFFstep,x,flag,note\r\n1,NaN,True,"a, ""b"""\r\n2,-Infinity,false,"two\r\nlines"\r\n3,inf,,plain\r\n',
    );
    const rows = await collect(readCsvLog(path));
    expect(rows).toEqual([
      { step: 1, x: Number.NaN, flag: true, note: 'a, "b"' },
      { step: 2, x: Number.NEGATIVE_INFINITY, flag: false, note: 'two\r\nlines' },
      { step: 3, x: Number.POSITIVE_INFINITY, flag: null, note: 'plain' },
    ]);
    const log = await loadCsvLog(path);
    expect(log.header).toEqual(['step', 'x', 'flag', 'note']);
    expect([...log.numeric('flag')]).toEqual([1, 0, Number.NaN]);
    expect(log.columns.note).toEqual(['a, "b"', 'two\r\nlines', 'plain']);
    expect(() => log.numeric('note')).toThrow(
      /mixed\.csv: column "note" is not numeric \(line 2 holds "a, \\"b\\""\)/,
    );
    expect(() => log.numeric('nope')).toThrow(/mixed\.csv: no column "nope"/);
    expect(log.has('note')).toBe(true);
  });

  it('reports a torn last line and never returns it', async () => {
    const path = write('torn.csv', 'step,loss\n1,0.5\n2,0.25\n3,0.12');
    const iterable = readCsvLog(path);
    expect((await collect(iterable)).map((row) => row.step)).toEqual([1, 2]);
    expect(iterable.issues.torn).toEqual({ line: 4, text: '3,0.12' });
    const log = await loadCsvLog(path);
    expect(log.rowCount).toBe(2);
    expect(log.issues.torn).toEqual({ line: 4, text: '3,0.12' });
  });

  it('a torn line inside an open quote is torn too', async () => {
    const path = write('torn-quote.csv', 'step,note\n1,"ok"\n2,"cut\nshort');
    const log = await loadCsvLog(path);
    expect(log.rowCount).toBe(1);
    expect(log.issues.torn).toEqual({ line: 3, text: '2,"cut\nshort' });
  });

  it('skips rows of the wrong width with line numbers, or throws in strict mode', async () => {
    const path = write('width.csv', 'a,b\n1,2\n"x\ny",3\n1,2,3\n4\n\n5,6\n');
    const log = await loadCsvLog(path);
    expect(log.rowCount).toBe(3);
    expect(log.columns.a).toEqual(['1', 'x\ny', '5']);
    expect(log.issues.skipped).toEqual([
      { line: 5, reason: 'expected 2 fields (as in the header), found 3' },
      { line: 6, reason: 'expected 2 fields (as in the header), found 1' },
    ]);
    await expect(loadCsvLog(path, { strict: true })).rejects.toThrow(CsvFormatError);
    await expect(loadCsvLog(path, { strict: true })).rejects.toThrow(/width\.csv:5: expected 2 fields/);
    await expect(collect(readCsvLog(path, { strict: true }))).rejects.toThrow(/width\.csv:5:/);
  });

  it('a text column keeps the exact text of earlier numeric-looking cells', async () => {
    const path = write('late-text.csv', 'step,tag\n1,1.50\n2,\n3,warmup\n');
    const log = await loadCsvLog(path);
    expect(log.columns.tag).toEqual(['1.50', null, 'warmup']);
    expect([...log.numeric('step')]).toEqual([1, 2, 3]);
  });

  it('dedupeBy keeps the last row of each step, in file order', async () => {
    const path = write('resumed.csv', 'step,loss\n1,10\n2,20\n3,30\n2,21\n3.0,31\n4,41\n');
    const log = await loadCsvLog(path, { dedupeBy: 'step' });
    expect([...log.numeric('step')]).toEqual([1, 2, 3, 4]);
    expect([...log.numeric('loss')]).toEqual([10, 21, 31, 41]);
    const rows = await collect(readCsvLog(path, { dedupeBy: 'step' }));
    expect(rows.map((row) => row.loss)).toEqual([10, 21, 31, 41]);
    await expect(loadCsvLog(path, { dedupeBy: 'epoch' })).rejects.toThrow(
      /resumed\.csv: dedupeBy column "epoch"/,
    );
  });

  it('loads only the requested columns', async () => {
    const path = write('pick.csv', 'a,b,c\n1,2,3\n');
    const log = await loadCsvLog(path, { columns: ['c', 'zz'] });
    expect(Object.keys(log.columns)).toEqual(['c']);
    expect(log.header).toEqual(['a', 'b', 'c']);
  });

  it('columns: the same cells, issues, errors and dedupe as loading every column', async () => {
    // Wanted columns a and c; quotes, wrong widths and text sit before, between and after them.
    const path = write(
      'subset.csv',
      '\uFEFFa,b,c,d\r\n1,x,0.5,"tail, quoted"\n2,"y\r\nz",0.25,\r\n3,x,nan,d,extra\n4,x\n' +
        '2,x,True,"a ""q"""\r\n5,x,1e-7,d\n6,x,',
    );
    const full = await loadCsvLog(path, { dedupeBy: 'a' });
    for (const columns of [['a', 'c'], ['c'], ['a'], ['d', 'a']]) {
      const part = await loadCsvLog(path, { columns, dedupeBy: 'a' });
      expect(part.issues).toEqual(full.issues);
      expect(part.rowCount).toBe(full.rowCount);
      for (const name of columns) expect(part.columns[name]).toEqual(full.columns[name]);
      await expect(loadCsvLog(path, { columns, strict: true })).rejects.toThrow(
        /subset\.csv:5: expected 4 fields/,
      );
    }
    expect(full.issues).toEqual({
      torn: { line: 9, text: '6,x,' },
      skipped: [
        { line: 5, reason: 'expected 4 fields (as in the header), found 5' },
        { line: 6, reason: 'expected 4 fields (as in the header), found 2' },
      ],
    });
    expect([...full.numeric('a')]).toEqual([1, 2, 5]);
    expect([...full.numeric('c')]).toEqual([0.5, 1, 1e-7]);
    expect(full.columns.d).toEqual(['tail, quoted', 'a "q"', 'd']);
    expect(Object.keys((await loadCsvLog(path, { columns: ['c'] })).columns)).toEqual(['c']);
  });

  it('empty file and header-only file', async () => {
    const empty = await loadCsvLog(write('empty.csv', ''));
    expect(empty).toMatchObject({ header: [], rowCount: 0, issues: { torn: null, skipped: [] } });
    const headerOnly = await loadCsvLog(write('header.csv', 'a,b\n'));
    expect(headerOnly.rowCount).toBe(0);
    expect(headerOnly.numeric('a').length).toBe(0);
  });

  it('stops reading when the loop is left early', async () => {
    const lines = ['i'];
    for (let i = 0; i < 200_000; i++) lines.push(String(i));
    const path = write('long.csv', `${lines.join('\n')}\n`);
    let seen = 0;
    for await (const row of readCsvLog(path)) {
      seen++;
      if (row.i === 10) break;
    }
    expect(seen).toBe(11);
  });
});

describe('readJsonl', () => {
  const dir = tempDir();
  it('tolerates Python NaN/Infinity, skips malformed lines with numbers, reports a torn tail', async () => {
    const path = join(dir, 'eval.jsonl');
    writeFileSync(
      path,
      [
        '{"r": NaN, "s": "NaN stays text", "t": [Infinity, -Infinity]}',
        '{"r": 1}',
        '',
        '{broken',
        '[1,2]',
        '{"r": 2}\r',
        '{"r": 3, "cut',
      ].join('\n'),
    );
    const result = await readJsonl(path);
    expect(result.records).toEqual([
      { r: Number.NaN, s: 'NaN stays text', t: [Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY] },
      { r: 1 },
      { r: 2 },
    ]);
    expect(result.issues.skipped.map((s) => s.line)).toEqual([4, 5]);
    expect(result.issues.skipped[0]?.reason).toMatch(/invalid JSON/);
    expect(result.issues.skipped[1]?.reason).toBe('expected a JSON object, found an array');
    expect(result.issues.torn).toEqual({ line: 7, text: '{"r": 3, "cut' });
  });
});
