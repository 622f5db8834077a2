import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { configColumns, EXPORT_COLUMNS, flattenConfig, runKeys } from '../src/export-columns.js';
import type { Run } from '../src/model.js';

function run(id: string, config?: Record<string, unknown>): Run {
  return {
    path: `/x/${id}`,
    id,
    layout: 'folder',
    format: 'csv',
    group: 'g',
    task: 't',
    run: id,
    series: [],
    x: 'step',
    y: null,
    meta: config ? { config } : {},
    restarts: [],
    issues: [],
  };
}

describe('export configuration columns', () => {
  it('one column per leaf key, typed from every run, null where a run lacks the key', () => {
    const columns = configColumns([
      run('a', { lr: 0.1, net: { layers: [64, 64], shared: true }, name: 'ppo' }),
      run('b', { lr: 1, net: { shared: false }, extra: 3 }),
      run('c'),
    ]);
    expect(columns).toEqual([
      { name: 'extra', type: 'DOUBLE', values: [null, 3, null] },
      { name: 'lr', type: 'DOUBLE', values: [0.1, 1, null] },
      { name: 'name', type: 'STRING', values: ['ppo', null, null] },
      { name: 'net.layers', type: 'STRING', values: ['[64,64]', null, null] },
      { name: 'net.shared', type: 'BOOLEAN', values: [true, false, null] },
    ]);
  });

  it('a key mixing numbers and text is text; a clash with a long-form column (any case) is renamed', () => {
    const columns = configColumns([run('a', { seed: 1, Value: 2, metric: 'x' }), run('b', { seed: 'auto' })]);
    expect(columns.map((c) => [c.name, c.type, c.values])).toEqual([
      ['config.Value', 'DOUBLE', [2, null]],
      ['config.metric', 'STRING', ['x', null]],
      ['seed', 'STRING', ['1', 'auto']],
    ]);
  });

  it('names are unique without regard to case, whatever the keys', () => {
    const key = fc.string({ minLength: 1, maxLength: 6 });
    fc.assert(
      fc.property(
        fc.array(fc.dictionary(key, fc.oneof(fc.integer(), fc.boolean(), key)), { maxLength: 4 }),
        (configs) => {
          const names = configColumns(configs.map((c, i) => run(String(i), c))).map((c) =>
            c.name.toLowerCase(),
          );
          expect(new Set([...names, ...EXPORT_COLUMNS]).size).toBe(names.length + EXPORT_COLUMNS.length);
          const leaves = new Set(configs.flatMap((c) => [...flattenConfig(c).keys()]));
          expect(names).toHaveLength(leaves.size);
        },
      ),
    );
  });

  it('run keys are unique: a repeated id gets #2, #3', () => {
    expect(runKeys([run('a'), run('b'), run('a'), run('a')])).toEqual(['a', 'b', 'a#2', 'a#3']);
  });
});
