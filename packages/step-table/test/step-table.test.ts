import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadCsvLog } from '@evidence/csv-log';
import fc from 'fast-check';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { type ColumnSpec, displayWidth, formatValue, StepTable } from '../src/index.js';
import { formatSpecs, quietWarnings } from './format-arbitraries.js';

const cellSpec = formatSpecs({
  fillAlign: fc.constantFrom('', '<', '>', '^', '*<', '0'),
  sign: fc.constantFrom('', '+', ' '),
  z: fc.constantFrom('', 'z'),
  alt: fc.constantFrom('', '#'),
  width: fc.constantFrom('', '4', '9'),
  grouping: fc.constantFrom('', ','),
  precision: fc.constantFrom('', '.0', '.4'),
  type: fc.constantFrom('', 'd', 'e', 'f', 'g', '%', 's'),
});

const dir = mkdtempSync(join(tmpdir(), 'step-table-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ESC = '\u001b';

function columns(modes: string[], diagnostics: boolean): ColumnSpec[] {
  return [
    { key: 'step', format: 'd', description: 'optimizer step' },
    { key: 'loss', format: '.4f', width: 9, description: 'policy loss' },
    {
      key: 'reward',
      header: 'rew_s↑',
      format: '+.3f',
      description: 'mean reward per step (higher is better)',
    },
    { key: 'mu', header: 'μ', format: '.2e', description: 'action mean' },
    ...modes.map((m) => ({
      key: `r_${m}`,
      format: '.2f',
      description: `reward in mode ${m}`,
      when: modes.length > 1,
    })),
    { key: 'kl', format: '.3g', description: 'KL divergence', when: diagnostics },
    { key: 'grad', header: '勾配', format: '.2f', description: 'gradient norm', when: diagnostics },
    { key: 'solved', format: 'frac', description: 'solved / episodes' },
  ];
}

describe('StepTable', () => {
  it('shows only the columns whose condition holds, and the legend lists exactly those, in order', () => {
    const one = new StepTable({ columns: columns(['easy'], false), color: false });
    expect(one.columns.map((c) => c.key)).toEqual(['step', 'loss', 'reward', 'mu', 'solved']);
    expect(
      one
        .legend()
        .split('\n')
        .map((l) => l.split(/\s{2,}/)[0]),
    ).toEqual(['step', 'loss', 'rew_s↑', 'μ', 'solved']);

    const many = new StepTable({ columns: columns(['easy', 'hard'], true), color: false });
    const legend = many.legend().split('\n');
    expect(legend.map((l) => l.split(/\s{2,}/)[0])).toEqual([
      'step',
      'loss',
      'rew_s↑',
      'μ',
      'r_easy',
      'r_hard',
      'kl',
      '勾配',
      'solved',
    ]);
    expect(legend[2]).toContain('mean reward per step (higher is better)');
    // descriptions line up in display columns even after wide headers
    const starts = legend.map((l) => {
      const gap = /\s{2,}/.exec(l)!;
      return displayWidth(l.slice(0, gap.index + gap[0].length));
    });
    expect(new Set(starts).size).toBe(1);
  });

  it('aligns every row to the header in display columns, with wide and combining characters', () => {
    const table = new StepTable({
      columns: columns(['easy', 'hard'], true),
      color: false,
      repeatHeaderEvery: 0,
    });
    const out: string[] = [];
    for (let step = 0; step < 20; step++) {
      out.push(
        table.row({
          step,
          loss: 1 / (step + 1),
          reward: step - 15.5,
          mu: step * 1e-3,
          r_easy: 1,
          r_hard: 0.5,
          kl: 0.01,
          grad: 2,
          solved: [step, 20],
        }),
      );
    }
    const lines = out.join('\n').split('\n');
    // the widths settle on the first row (rew_s↑ grows for "-15.500"): one header, 20 rows of equal width
    const header = lines[0]!;
    expect(lines).toHaveLength(21);
    const widths = lines.map(displayWidth);
    expect(new Set(widths).size).toBe(1);
    // each header ends exactly where its right-aligned column ends
    const headerCells = header.trim().split(/\s+/);
    expect(headerCells).toEqual(['step', 'loss', 'rew_s↑', 'μ', 'r_easy', 'r_hard', 'kl', '勾配', 'solved']);
  });

  it('never cuts a cell: the column grows and the header is printed again', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ noNaN: true, min: -1e12, max: 1e12 }), { minLength: 1, maxLength: 30 }),
        (values) => {
          const table = new StepTable({
            columns: [{ key: 'v', format: ',.3f', width: 4 }, { key: 'k' }],
            color: false,
            repeatHeaderEvery: 0,
          });
          let widest = 4;
          values.forEach((v, i) => {
            const lines = table.row({ v, k: 'x' }).split('\n');
            const text = formatValue(v, ',.3f'); // exactness is the oracle's job; here: width
            const grew = text.length > widest;
            widest = Math.max(widest, text.length);
            expect(lines.length).toBe(i === 0 || grew ? 2 : 1); // header first, and again after growing
            expect(lines.at(-1)).toBe(`${text.padStart(widest)}  x`);
            if (lines.length === 2) expect(lines[0]).toBe(`${'v'.padStart(widest)}  k`);
          });
        },
      ),
      { numRuns: 200 },
    );
  });

  it('measures numbers that print as wide characters (type c, a wide fill) in display columns', () => {
    const table = new StepTable({
      columns: [
        { key: 'ch', header: 'k', format: 'c' },
        { key: 'x', format: '中>4d' },
        { key: 'y', format: '.2f' },
      ],
      color: false,
      repeatHeaderEvery: 0,
    });
    const [header, row] = table.row({ ch: 0x4e2d, x: 7, y: 1.5 }).split('\n') as [string, string];
    expect(row).toBe('中  中中中7  1.50');
    expect(displayWidth(header)).toBe(displayWidth(row));
    expect(header).toBe(' k        x     y');
  });

  it('repeats the header every N rows', () => {
    const table = new StepTable({ columns: [{ key: 'step', width: 6 }], repeatHeaderEvery: 3, color: false });
    const out = Array.from({ length: 10 }, (_, step) => table.row({ step }))
      .join('\n')
      .split('\n');
    expect(out.filter((l) => l.trim() === 'step').length).toBe(4); // before rows 0, 3, 6, 9
    expect(out[0]!.trim()).toBe('step');
    expect(out[4]!.trim()).toBe('step');
  });

  it('defaults: no colour and a 40-row header repeat when the stream is not a terminal', () => {
    const force = process.env.FORCE_COLOR;
    delete process.env.FORCE_COLOR; // the test runner's own setting
    onTestFinished(() => {
      if (force !== undefined) process.env.FORCE_COLOR = force;
    });
    const table = new StepTable({ columns: [{ key: 'a', format: '.1f' }], stream: { isTTY: false } });
    expect(table.color).toBe(false);
    expect(table.repeatHeaderEvery).toBe(40);
    expect(table.row({ a: Number.NaN })).not.toContain(ESC);
    const tty = new StepTable({ columns: [{ key: 'a', format: '.1f' }], stream: { isTTY: true, rows: 30 } });
    expect(tty.repeatHeaderEvery).toBe(28);
    expect(tty.color).toBe(!process.env.NO_COLOR);
    const coloured = new StepTable({ columns: [{ key: 'a', format: '.1f' }], color: true });
    expect(coloured.header()).toContain(ESC);
    expect(coloured.row({ a: Number.NaN })).toContain(ESC);
  });

  it('FORCE_COLOR colours a pipe and outranks NO_COLOR; FORCE_COLOR=0 and NO_COLOR turn colour off', () => {
    const saved = { FORCE_COLOR: process.env.FORCE_COLOR, NO_COLOR: process.env.NO_COLOR };
    const colorFor = (env: Record<string, string | undefined>, isTTY: boolean) => {
      for (const [k, v] of Object.entries({ FORCE_COLOR: undefined, NO_COLOR: undefined, ...env })) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
      return new StepTable({ columns: [{ key: 'a' }], stream: { isTTY } }).color;
    };
    try {
      expect(colorFor({ FORCE_COLOR: '1' }, false)).toBe(true);
      expect(colorFor({ FORCE_COLOR: '' }, false)).toBe(true);
      expect(colorFor({ FORCE_COLOR: '1', NO_COLOR: '1' }, false)).toBe(true);
      expect(colorFor({ FORCE_COLOR: '0' }, true)).toBe(false);
      expect(colorFor({ FORCE_COLOR: 'false' }, true)).toBe(false);
      expect(colorFor({ NO_COLOR: '1' }, true)).toBe(false);
      expect(colorFor({}, true)).toBe(true);
      expect(colorFor({}, false)).toBe(false);
    } finally {
      colorFor(saved, false);
    }
  });

  it('shows control characters from cells and headers escaped, never raw', () => {
    const table = new StepTable({
      columns: [
        { key: 'note\u001b[2J', align: 'left' },
        { key: 'n', format: 'c' },
      ],
      color: false,
    });
    const out = table.row({
      'note\u001b[2J': '\u001b]0;owned\u0007title\nnext\u009b31m\u202eevil',
      n: 27,
    });
    expect(out).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202e]/);
    expect(out.split('\n')).toHaveLength(2); // header and one row: the cell's newline is shown as \n
    expect(out).toContain('note\\x1b[2J');
    expect(out).toContain('\\x1b]0;owned\\x07title\\nnext\\x9b31m\\u202eevil');
    expect(out.endsWith('\\x1b')).toBe(true); // 27 under 'c' is ESC
    const [header, row] = out.split('\n');
    expect(displayWidth(header!)).toBe(displayWidth(row!)); // escapes are counted in the width
  });

  it('every cell is formatValue padded to its column, whatever the spec and value (property)', () => {
    quietWarnings();
    const value = fc.oneof(
      fc.double(),
      fc.integer(),
      fc.constantFrom(null, undefined, Number.NaN, -0, 1e21, 2.675, 'text', '勾配', true),
    );
    fc.assert(
      fc.property(
        fc.array(fc.record({ spec: cellSpec, width: fc.nat(12) }), { minLength: 1, maxLength: 6 }),
        fc.array(fc.array(value, { minLength: 6, maxLength: 6 }), { minLength: 1, maxLength: 8 }),
        (cols, rows) => {
          const table = new StepTable({
            columns: cols.map((c, i) => ({ key: `c${i}`, format: c.spec, width: c.width })),
            repeatHeaderEvery: 0,
            color: false,
            separator: '|',
          });
          const lines = rows.map(
            (r) =>
              table
                .row(Object.fromEntries(cols.map((_, i) => [`c${i}`, r[i]])))
                .split('\n')
                .pop()!,
          );
          const widths = table.header().split('|').map(displayWidth);
          rows.forEach((r, k) => {
            const cells = lines[k]!.split('|');
            if (cells.length !== cols.length) return; // a text cell holding '|' (the spec's fill)
            cells.forEach((cell, i) => {
              const text = formatValue(r[i], cols[i]!.spec);
              expect(cell.trimStart()).toBe(text.trimStart());
              expect(displayWidth(cell)).toBeLessThanOrEqual(Math.max(widths[i]!, displayWidth(text)));
              expect(displayWidth(cell)).toBeGreaterThanOrEqual(Math.max(cols[i]!.width, 2));
            });
          });
        },
      ),
    );
  });

  it('rejects bad column declarations with the column named', () => {
    expect(() => new StepTable({ columns: [{ key: 'a', format: '.f' }] })).toThrow(
      /missing precision.*column 0 "a"/,
    );
    expect(() => new StepTable({ columns: [{ key: 'a' }, { key: 'a' }] })).toThrow(
      /column 1 repeats the key "a"/,
    );
    expect(() => new StepTable({ columns: [] })).toThrow(/non-empty/);
  });

  it('mirrors every row to a CSV with all columns, including hidden ones', async () => {
    const path = join(dir, 'steps.csv');
    const table = new StepTable({ columns: columns(['easy'], false), color: false, mirrorCsv: path });
    for (let step = 0; step < 5; step++) {
      table.row({
        step,
        loss: 0.5 / (step + 1),
        reward: step,
        mu: 0,
        r_easy: step * 2,
        kl: step / 10,
        grad: null,
        solved: [step, 5],
      });
    }
    await table.close();
    const loaded = await loadCsvLog(path);
    expect(loaded.header).toEqual(['step', 'loss', 'reward', 'mu', 'r_easy', 'kl', 'grad', 'solved']);
    expect(loaded.rowCount).toBe(5);
    expect(Array.from(loaded.numeric('kl'))).toEqual([0, 0.1, 0.2, 0.3, 0.4]);
    expect(Array.from(loaded.numeric('loss'))).toEqual([0.5, 0.25, 0.5 / 3, 0.125, 0.1]);
    expect(readFileSync(path, 'utf8').split('\n')[1]).toBe('0,0.5,0,0,0,0,,0/5');
  });
});
