/**
 * parsePythonLiteral against Python itself: random values go to Python as JSON, come back as `repr()`
 * (what `str(dict)` and pandas' `to_csv` of a dict cell print), and parse to the same values.
 */
import { spawnSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parsePythonLiteral } from '../src/python-literal.js';
import { oracleAvailable, python } from './helpers.js';

const scalar = fc.oneof(
  fc.string(),
  fc.constantFrom(
    "it's",
    'say "hi"',
    'back\\slash',
    'two\nlines',
    'tab\tx',
    'é漢😀',
    '',
    'cr\r \u0001 \u0085 \u2028',
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
);
const { tree } = fc.letrec((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('tree'), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 8 }), tie('tree'), { maxKeys: 4 }),
  ),
}));

describe.skipIf(!oracleAvailable)("parsePythonLiteral reads Python's repr", () => {
  it('of random dicts, lists, strings, numbers, booleans and None', () => {
    const values = fc.sample(fc.dictionary(fc.string({ maxLength: 8 }), tree, { maxKeys: 6 }), 300);
    const printed = spawnSync(
      python,
      ['-c', 'import json,sys\nfor line in sys.stdin: print(repr(json.loads(line)))'],
      { input: values.map((v) => JSON.stringify(v)).join('\n'), encoding: 'utf8' },
    );
    expect(printed.status, printed.stderr).toBe(0);
    const lines = printed.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(values.length);
    // what Python was given (JSON has no -0)
    lines.forEach((line, i) => {
      expect(parsePythonLiteral(line)).toEqual(JSON.parse(JSON.stringify(values[i])));
    });
  });

  it('nan, inf, tuples and nested W&B summaries; other text is undefined', () => {
    expect(
      parsePythonLiteral("{'a': nan, 'b': -inf, 'c': (1, 2.5e-05), '_wandb': {'runtime': 120}}"),
    ).toEqual({
      a: Number.NaN,
      b: Number.NEGATIVE_INFINITY,
      c: [1, 2.5e-5],
      _wandb: { runtime: 120 },
    });
    expect(parsePythonLiteral("{'a': 1")).toBeUndefined();
    expect(parsePythonLiteral('CartPole-v1')).toBeUndefined();
  });
});
