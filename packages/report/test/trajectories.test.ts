import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pythonFloat, pythonRound } from '../src/python-format.js';
import { formatSampleTrajectories, selectSampleTrajectories } from '../src/trajectories.js';
import { FIXTURE, python, pythonMissing, readFixtureJsonl } from './helpers.js';

describe('sample_trajectories.md', () => {
  it('matches the reference trainer text, with a generic title', () => {
    const pre = readFixtureJsonl('pre_eval.jsonl');
    const post = readFixtureJsonl('post_eval.jsonl');
    const reference = readFileSync(`${FIXTURE}sample_trajectories.md`, 'utf8');
    const ours = formatSampleTrajectories(selectSampleTrajectories(pre, post));
    expect(ours.split('\n')[0]).toBe('# Sample trajectories (pre vs post training)');
    expect(ours.split('\n').slice(1)).toEqual(reference.split('\n').slice(1));
    expect(
      formatSampleTrajectories(selectSampleTrajectories(pre, post), { title: reference.split('\n')[0] }),
    ).toBe(reference);
  });

  it('accepts `trajectory`, string actions, and shows how many steps were left out', () => {
    const record = {
      cumulative_reward: 1,
      trajectory: Array.from({ length: 11 }, (_, i) => ({ action: `a${i}`, reward: i / 3 })),
    };
    const samples = selectSampleTrajectories([record], [record]);
    const text = formatSampleTrajectories(samples);
    expect(text).toContain('  - step 7: `a7` → reward `2.3333`\n  - ... (3 more steps)');
    expect(text).not.toContain('step 8');
  });

  it('keeps log text from becoming Markdown or HTML', () => {
    const record = {
      cumulative_reward: 0,
      'is_<b>|**x**': true,
      steps: [{ action: { action_type: '<img src=x onerror=alert(1)>`|`' }, reward: 0 }],
    };
    const text = formatSampleTrajectories(selectSampleTrajectories([record], []));
    expect(text).toContain('**is\\_\\<b\\>\\|\\*\\*x\\*\\***: `True`');
    expect(text).toContain('  - step 0: `` <img src=x onerror=alert(1)>`|` `` → reward `0.0`');
  });
});

describe('Python number text', () => {
  it('str(round(x, 4)) as Python writes it', () => {
    expect(pythonFloat(pythonRound(1.922, 4))).toBe('1.922');
    expect(pythonFloat(pythonRound(2, 4))).toBe('2.0');
    expect(pythonFloat(pythonRound(-0.00001, 4))).toBe('-0.0');
    expect(pythonFloat(pythonRound(0.03125, 4))).toBe('0.0312'); // exact tie: half to even
    expect(pythonFloat(1e16)).toBe('1e+16');
    expect(pythonFloat(1.5e-7)).toBe('1.5e-07');
  });

  it.skipIf(pythonMissing !== null)(`agrees with Python on random doubles ${pythonMissing ?? ''}`, () => {
    // JSON cannot carry -0, so it is tested above rather than here.
    const values = [
      ...fc.sample(fc.double({ noNaN: true, noDefaultInfinity: true }), { numRuns: 300, seed: 2 }),
      ...fc.sample(fc.double({ min: -10, max: 10, noNaN: true }), { numRuns: 300, seed: 3 }),
      ...fc.sample(fc.integer({ min: -100000, max: 100000 }), { numRuns: 200, seed: 4 }).map((k) => k / 32),
    ].map((v) => (Object.is(v, -0) ? 0 : v));
    const expected = python<string[][]>(
      'import json,sys\nprint(json.dumps([[repr(float(v)), repr(round(float(v), 4))] for v in json.load(sys.stdin)]))',
      values,
    );
    values.forEach((value, i) => {
      expect([pythonFloat(value), pythonFloat(pythonRound(value, 4))], String(value)).toEqual(expected[i]);
    });
  });
});
