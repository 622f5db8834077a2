/**
 * The oracle: thousands of seeded (value, spec) pairs, formatted once by /usr/bin/python3 and compared
 * line by line with formatValue. Where Python raises, formatValue must print its fallback and warn.
 * One documented difference: a missing value (NaN) prints `nan` padded with the spec's fill, alignment
 * and width only, which Python computes here from the spec it parsed (`format('nan', '*^9')`).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatValue, resetFormatWarnings, setFormatWarningHandler } from '../src/index.js';

const PYTHON = '/usr/bin/python3';
const hasPython = existsSync(PYTHON);
if (!hasPython && process.env.CI !== 'true') {
  console.warn(`SKIPPED the Python oracle: ${PYTHON} is missing (it is required when CI=true).`);
}

/** mulberry32: a small seeded generator, so every run checks the same pairs. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Case = { kind: 'int' | 'float' | 'missing' | 'str' | 'bool'; js: unknown; py: string; spec: string };

function makeCases(seed: number, count: number): Case[] {
  const random = rng(seed);
  const int = (n: number) => Math.floor(random() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
  const view = new DataView(new ArrayBuffer(8));

  const doubles: (() => number)[] = [
    () => {
      // any bit pattern: huge, tiny and subnormal values
      view.setUint32(0, int(2 ** 32));
      view.setUint32(4, int(2 ** 32));
      return view.getFloat64(0);
    },
    () => (random() - 0.5) * 10 ** (int(17) - 8), // everyday magnitudes
    () => Math.round((random() - 0.5) * 10 ** (int(9) + 1)) / 10 ** int(9), // short decimals: near-ties such as 2.675
    () => ((2 * int(2000) + 1) / 2 ** int(12)) * (random() < 0.5 ? -1 : 1), // exact binary ties
    () => (2 * int(50) + 1) * 5 * 10 ** int(12), // integral ties for e/g: 25, 35, 1250000…
    () =>
      pick([
        0,
        -0,
        0.5,
        1.5,
        2.5,
        -2.5,
        0.125,
        0.375,
        1e16,
        1e21,
        1e22,
        1.2345678901234569e23,
        2 ** 53,
        2 ** 53 + 2,
        5e-324,
        2.2250738585072014e-308,
        Number.MAX_VALUE,
        1e-5,
        1e-4,
        9.995,
        0.9995,
        99.95,
        999999.5,
        1e100,
      ]),
    () => (random() < 0.5 ? -1 : 1) * 10 ** (int(40) - 20) * (1 - int(3) * Number.EPSILON),
    () => pick([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]),
  ];
  const integers: (() => bigint)[] = [
    () => BigInt(int(2000) - 1000),
    () => BigInt(Math.floor((random() - 0.5) * 2 ** 53)),
    () => BigInt(int(2 ** 30)) * BigInt(int(2 ** 30)) * BigInt(int(2 ** 30)) * (random() < 0.5 ? -1n : 1n),
    () => pick([0n, 1n, -1n, 65n, 255n, 1000n, 1234567n, 10n ** 21n]),
  ];
  const strings = ['abc', '', 'μ', 'rew_s↑', 'loss', 'a b', 'e\u0301', '😀x', 'long text value'];

  const floatTypes = ['', '', 'e', 'E', 'f', 'F', 'g', 'G', 'n', '%'];
  const intTypes = ['', 'd', 'n', 'x', 'X', 'o', 'b', 'c', 'e', 'f', 'g', '%'];
  const fills = ['*', '0', ' ', 'x', 'é', '-', '→', '_', ','];
  function spec(types: readonly string[]): string {
    let s = '';
    if (random() < 0.35) s += (random() < 0.5 ? pick(fills) : '') + pick(['<', '>', '=', '^']);
    if (random() < 0.3) s += pick(['+', '-', ' ']);
    if (random() < 0.12) s += 'z';
    if (random() < 0.15) s += '#';
    if (random() < 0.2) s += '0';
    if (random() < 0.5) s += String(int(random() < 0.9 ? 16 : 40));
    if (random() < 0.25) s += pick([',', '_']);
    if (random() < 0.6) s += '.' + String(random() < 0.9 ? int(12) : int(130));
    return s + pick(types);
  }

  const cases: Case[] = [];
  while (cases.length < count) {
    const r = random();
    if (r < 0.6) {
      const x = pick(doubles)();
      const s = spec(random() < 0.9 ? floatTypes : intTypes);
      // Our documented mapping: an integral JS number is a Python int for int types, or for the empty
      // type / 'n' without precision and 'z' when it is a safe integer (not -0). Otherwise a float.
      const type = s.slice(-1);
      const lastIsType = /[a-zA-Z%]/.test(type) && !s.endsWith('frac');
      const t = lastIsType ? type : '';
      if (!Number.isFinite(x) && 'dxXobcs'.includes(t) && t !== '') continue; // by design: nan/inf never raise
      const hasPrecision = /\.\d+[a-zA-Z%]?$/.test(s);
      const asInt =
        Number.isInteger(x) &&
        !hasPrecision &&
        ('dxXobc'.includes(t) && t !== ''
          ? true
          : (t === '' || t === 'n') && !s.includes('z') && Number.isSafeInteger(x) && !Object.is(x, -0));
      if (Number.isNaN(x)) cases.push({ kind: 'missing', js: x, py: 'nan', spec: s });
      else if (asInt) cases.push({ kind: 'int', js: x, py: BigInt(x).toString(), spec: s });
      else cases.push({ kind: 'float', js: x, py: Object.is(x, -0) ? '-0.0' : String(x), spec: s });
    } else if (r < 0.85) {
      const x = pick(integers)();
      cases.push({ kind: 'int', js: x, py: x.toString(), spec: spec(intTypes) });
    } else if (r < 0.95) {
      const x = pick(strings);
      cases.push({ kind: 'str', js: x, py: x, spec: spec(['', 's', 'd']) });
    } else {
      const x = random() < 0.5;
      cases.push({
        kind: 'bool',
        js: x,
        py: x ? 'True' : 'False',
        spec: random() < 0.3 ? '' : spec(intTypes),
      });
    }
  }
  return cases;
}

const PY_SCRIPT = `
import json, re, sys
SPEC = re.compile(r'(?:(.)?([<>=^]))?[-+ ]?z?#?(0)?(\\d*)[,_]?(?:\\.\\d+)?([a-zA-Z%]?)$', re.S)
def missing(spec):
    format(float('nan'), spec)  # raises where the spec is invalid
    fill, align, zero, width, _ = SPEC.match(spec).groups()
    return format('nan', (fill or ' ') + (align if align in ('<', '^') else '>') + width)
out = []
for line in open(sys.argv[1], encoding='utf-8'):
    kind, text, spec = json.loads(line)
    try:
        if kind == 'missing':
            out.append(json.dumps({'ok': missing(spec)}))
            continue
        value = {'int': int, 'float': float, 'str': str, 'bool': lambda t: t == 'True'}[kind](text)
        out.append(json.dumps({'ok': format(value, spec)}))
    except (ValueError, TypeError, OverflowError) as e:
        out.append(json.dumps({'err': str(e)}))
open(sys.argv[2], 'w', encoding='utf-8').write('\\n'.join(out) + '\\n')
`;

describe.skipIf(!hasPython && process.env.CI !== 'true')('formatValue against Python format()', () => {
  const dir = mkdtempSync(join(tmpdir(), 'step-table-oracle-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('prints exactly what Python prints for 30,000 seeded pairs, and warns exactly where Python raises', () => {
    const cases = makeCases(20261122, 30_000);
    const input = join(dir, 'cases.jsonl');
    const output = join(dir, 'python.jsonl');
    const script = join(dir, 'oracle.py');
    writeFileSync(input, cases.map((c) => JSON.stringify([c.kind, c.py, c.spec])).join('\n') + '\n');
    writeFileSync(script, PY_SCRIPT);
    execFileSync(PYTHON, [script, input, output], { stdio: 'inherit' });
    const expected = readFileSync(output, 'utf8')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { ok?: string; err?: string });
    expect(expected).toHaveLength(cases.length);

    const warnings: string[] = [];
    const previous = setFormatWarningHandler((m) => warnings.push(m));
    const mismatches: string[] = [];
    let raised = 0;
    try {
      cases.forEach((c, i) => {
        resetFormatWarnings();
        warnings.length = 0;
        const got = formatValue(c.js, c.spec);
        const want = expected[i]!;
        if (want.err !== undefined) {
          raised++;
          if (warnings.length !== 1) {
            mismatches.push(
              `${c.kind} ${c.py} ${JSON.stringify(c.spec)}: Python raised "${want.err}", we printed ${JSON.stringify(got)} without a warning`,
            );
          }
        } else if (got !== want.ok || warnings.length !== 0) {
          mismatches.push(
            `${c.kind} ${c.py} ${JSON.stringify(c.spec)}: Python ${JSON.stringify(want.ok)}, ours ${JSON.stringify(got)}${warnings.length ? ` (warned: ${warnings[0]})` : ''}`,
          );
        }
      });
    } finally {
      setFormatWarningHandler(previous);
    }
    expect(mismatches.slice(0, 40)).toEqual([]);
    // The generator must exercise both outcomes in earnest.
    expect(raised).toBeGreaterThan(1000);
    expect(cases.length - raised).toBeGreaterThan(15_000);
    expect(cases.filter((c) => c.kind === 'missing').length).toBeGreaterThan(300);
  });
});
