import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeEnv, readEvidenceEnv, VARIABLE_KEYS } from '../src/index.js';

const row = (rows: ReturnType<typeof describeEnv>, variable: string) => {
  const found = rows.find((r) => r.variable === variable);
  if (found === undefined) throw new Error(`no row for ${variable}`);
  return found;
};

describe('describeEnv', () => {
  it('lists every variable once, in table order, with defaults from DESIGN.md', () => {
    const rows = describeEnv({ env: {} });
    expect(rows.map((r) => r.variable)).toEqual(
      VARIABLE_KEYS.map((key) =>
        ['RANK', 'LOCAL_RANK', 'WORLD_SIZE'].includes(key) ? key : `EVIDENCE_${key}`,
      ),
    );
    expect(Object.fromEntries(rows.map((r) => [r.variable, r.default]))).toEqual({
      EVIDENCE_DIR: 'evidence',
      EVIDENCE_DISABLE_ANIMATIONS: 'off',
      EVIDENCE_ANIMATION_DIR: '<EVIDENCE_DIR>/animations',
      EVIDENCE_ANIMATION_EPISODES: 'none',
      EVIDENCE_ANIMATION_EVERY: '100',
      EVIDENCE_ANIMATION_LAST: '1',
      EVIDENCE_ANIMATION_FPS: '30',
      EVIDENCE_ANIMATION_MAX_FRAMES: '400',
      EVIDENCE_DISABLE_CURVES: 'off',
      EVIDENCE_CURVE_DIR: '<EVIDENCE_DIR>/curves',
      EVIDENCE_PLOT_DIR: '<EVIDENCE_DIR>/curves',
      EVIDENCE_CURVE_CHECKPOINT_EVERY: '10',
      EVIDENCE_ALL_RANKS: 'off',
      RANK: '0',
      LOCAL_RANK: '0',
      WORLD_SIZE: '1',
    });
    for (const r of rows) {
      expect(r).toMatchObject({ value: null, source: 'default' });
      expect(r.description.length).toBeGreaterThan(10);
      expect(r.problem).toBeUndefined();
    }
  });

  it('shows current values, their source and the values in use', () => {
    const rows = describeEnv({
      env: { EVIDENCE_DIR: '/runs/7', EVIDENCE_ANIMATION_EPISODES: '9, 3,3', EVIDENCE_DISABLE_CURVES: 'YES' },
    });
    expect(row(rows, 'EVIDENCE_DIR')).toMatchObject({
      value: '/runs/7',
      source: 'environment',
      effective: '/runs/7',
    });
    expect(row(rows, 'EVIDENCE_ANIMATION_DIR')).toMatchObject({
      value: null,
      source: 'default',
      effective: join('/runs/7', 'animations'),
    });
    expect(row(rows, 'EVIDENCE_ANIMATION_EPISODES')).toMatchObject({ value: '9, 3,3', effective: '3,9' });
    expect(row(rows, 'EVIDENCE_DISABLE_CURVES')).toMatchObject({ value: 'YES', effective: 'on' });
    expect(row(rows, 'EVIDENCE_ANIMATION_FPS')).toMatchObject({ value: null, effective: '30' });
  });

  it('says when CURVE_DIR comes from the PLOT_DIR alias, and when the alias is ignored', () => {
    const viaAlias = describeEnv({ env: { EVIDENCE_PLOT_DIR: 'plots' } });
    expect(row(viaAlias, 'EVIDENCE_CURVE_DIR')).toMatchObject({
      value: 'plots',
      source: 'alias',
      effective: 'plots',
    });
    expect(row(viaAlias, 'EVIDENCE_PLOT_DIR')).toMatchObject({
      value: 'plots',
      source: 'environment',
      note: 'used as EVIDENCE_CURVE_DIR',
    });

    const both = describeEnv({ env: { EVIDENCE_PLOT_DIR: 'plots', EVIDENCE_CURVE_DIR: 'curves' } });
    expect(row(both, 'EVIDENCE_CURVE_DIR')).toMatchObject({ value: 'curves', source: 'environment' });
    expect(row(both, 'EVIDENCE_PLOT_DIR').note).toBe('ignored: EVIDENCE_CURVE_DIR is set and wins');
    expect(row(both, 'EVIDENCE_CURVE_DIR').description).toMatch(/wins over PLOT_DIR/);
  });

  it('never throws for bad values: it marks them', () => {
    const rows = describeEnv({ env: { EVIDENCE_ANIMATION_FPS: '0', RANK: '5', WORLD_SIZE: '2' } });
    expect(row(rows, 'EVIDENCE_ANIMATION_FPS')).toMatchObject({
      value: '0',
      source: 'environment',
      effective: null,
      problem: 'an integer from 1 to 100 (digits only)',
    });
    expect(row(rows, 'RANK').problem).toBe('an integer from 0 to 1 (WORLD_SIZE is 2)');
    expect(row(rows, 'WORLD_SIZE').problem).toBeUndefined();
  });

  it('uses the prefix in names and derived defaults', () => {
    const rows = describeEnv({ prefix: 'OAK_EXAMPLE_', env: { OAK_EXAMPLE_ANIMATION_LAST: '5' } });
    expect(row(rows, 'OAK_EXAMPLE_ANIMATION_DIR').default).toBe('<OAK_EXAMPLE_DIR>/animations');
    expect(row(rows, 'OAK_EXAMPLE_ANIMATION_LAST')).toMatchObject({ value: '5', effective: '5' });
    expect(rows.some((r) => r.variable.startsWith('EVIDENCE_'))).toBe(false);
  });

  it('agrees with readEvidenceEnv: a problem on a row exactly when readEvidenceEnv names that variable', () => {
    const value = fc.oneof(
      fc.constantFrom('', '0', '1', '7', '100', '101', 'on', 'x', '-1', '1,2', 'a\0'),
      fc.string(),
    );
    const env = fc.dictionary(
      fc.constantFrom(
        ...VARIABLE_KEYS.map((k) => (['RANK', 'LOCAL_RANK', 'WORLD_SIZE'].includes(k) ? k : `EVIDENCE_${k}`)),
      ),
      value,
    );
    fc.assert(
      fc.property(env, (e) => {
        const rows = describeEnv({ env: e });
        // A bad PLOT_DIR in use is reported on both rows (CURVE_DIR's value came from it); name it once.
        const withProblems = rows
          .filter(
            (r) => r.problem !== undefined && !(r.variable === 'EVIDENCE_CURVE_DIR' && r.source === 'alias'),
          )
          .map((r) => r.variable)
          .sort();
        let named: string[] = [];
        try {
          readEvidenceEnv({ env: e });
        } catch (error) {
          named = (error as { problems: { variable: string }[] }).problems.map((p) => p.variable).sort();
        }
        expect(withProblems).toEqual(named);
      }),
    );
  });
});
