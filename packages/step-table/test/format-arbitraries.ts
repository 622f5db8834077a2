// Shared by the property tests of formatValue and of StepTable.
import fc from 'fast-check';
import { onTestFinished } from 'vitest';
import { parseFormatSpec, setFormatWarningHandler } from '../src/index.js';

const f64 = new Float64Array(1);
const u64 = new BigUint64Array(f64.buffer);

/** The next double after x, away from zero (`up` for x ≥ 0) or towards it. */
export function nextAfter(x: number, up: boolean): number {
  f64[0] = x;
  u64[0] = u64[0]! + (up === x >= 0 ? 1n : -1n);
  return f64[0]!;
}

/** The parts of a format spec, each drawn from its own list ('0' as fillAlign: the `0` flag). */
export interface SpecParts {
  fillAlign: fc.Arbitrary<string>;
  sign: fc.Arbitrary<string>;
  z: fc.Arbitrary<string>;
  alt: fc.Arbitrary<string>;
  width: fc.Arbitrary<string>;
  grouping: fc.Arbitrary<string>;
  precision: fc.Arbitrary<string>;
  type: fc.Arbitrary<string>;
}

/** Format specs put together from the parts, only those parseFormatSpec accepts. */
export function formatSpecs(parts: SpecParts): fc.Arbitrary<string> {
  return fc
    .record(parts)
    .map((s) => {
      const fillAlign = s.fillAlign === '0' ? '' : s.fillAlign;
      const zero = s.fillAlign === '0' ? '0' : '';
      return `${fillAlign}${s.sign}${s.z}${s.alt}${zero}${s.width}${s.grouping}${s.precision}${s.type}`;
    })
    .filter((spec) => {
      try {
        parseFormatSpec(spec);
        return true;
      } catch {
        return false;
      }
    });
}

/** Silences formatValue's "printed in a safe form" warnings until the test ends. */
export function quietWarnings(): void {
  const previous = setFormatWarningHandler(() => {});
  onTestFinished(() => {
    setFormatWarningHandler(previous);
  });
}
