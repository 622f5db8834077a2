import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseNpy } from '../src/stores/npy.js';
import { scanWandbRecords } from '../src/stores/wandb-records.js';

// Written by test/stores_fixtures.py (W&B's DataStore write path): 400 history rows and a 70 kB config
// record, so chunks of every type cross the 32 KiB blocks.
const file = new URL(
  './fixtures/stores/wandb/offline-run-20251124_120000-abc123/run-abc123.wandb',
  import.meta.url,
);
const bytes = new Uint8Array(readFileSync(file));
const full = scanWandbRecords(bytes, 'run.wandb');
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const fullHex = full.records.map(hex);

describe('W&B record framing', () => {
  it('the fixture reads whole: every record, no issue, blocks crossed', () => {
    expect(full.issues).toEqual([]);
    expect(full.records.length).toBeGreaterThan(400);
    expect(bytes.length).toBeGreaterThan(5 * 32 * 1024);
  });

  it('a file cut anywhere gives a prefix of its records and at most one torn-tail issue', () => {
    fc.assert(
      fc.property(fc.integer({ min: 7, max: bytes.length }), (cut) => {
        const scan = scanWandbRecords(bytes.subarray(0, cut), 'run.wandb');
        const got = scan.records.map(hex);
        expect(got).toEqual(fullHex.slice(0, got.length));
        // a cut is only ever a torn tail (never taken for corruption), said once
        expect(scan.issues.length).toBeLessThanOrEqual(1);
        for (const issue of scan.issues) expect(issue).toMatch(/^run\.wandb: byte \d+: torn tail/);
      }),
      { numRuns: 300 },
    );
  });

  it('a flipped byte never throws, never invents a record, and is said unless it fell in padding', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 7, max: bytes.length - 1 }),
        fc.integer({ min: 1, max: 255 }),
        (at, mask) => {
          const copy = bytes.slice();
          copy[at] = (copy[at] as number) ^ mask;
          const scan = scanWandbRecords(copy, 'run.wandb');
          const got = scan.records.map(hex);
          // a subsequence of the original records, in order
          let k = 0;
          for (const record of got) {
            while (k < fullHex.length && fullHex[k] !== record) k++;
            expect(k).toBeLessThan(fullHex.length);
            k++;
          }
          if (got.length < fullHex.length) expect(scan.issues.length).toBeGreaterThan(0);
          for (const issue of scan.issues) expect(issue).toMatch(/^run\.wandb: byte \d+: /);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a file that is not W&B is refused by name', () => {
    expect(() => scanWandbRecords(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8]), 'x.wandb')).toThrow(
      'x.wandb: not a W&B run file (no ":W&B" header)',
    );
  });
});

/** A .npy as numpy's format.write_array lays it out (header padded to 64 bytes in v1, then the data). */
function npy(values: number[], shape: number[], little: boolean, fortran: boolean): Uint8Array {
  const dims = shape.length === 1 ? `${shape[0]},` : shape.join(', ');
  let header = `{'descr': '${little ? '<' : '>'}f8', 'fortran_order': ${fortran ? 'True' : 'False'}, 'shape': (${dims}), }`;
  header += ' '.repeat(63 - ((10 + header.length) % 64)) + '\n';
  const out = new Uint8Array(10 + header.length + values.length * 8);
  out.set([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59, 1, 0, header.length & 0xff, header.length >> 8]);
  out.set(new TextEncoder().encode(header), 10);
  const view = new DataView(out.buffer);
  // stored in the array's order: Fortran order lays the first axis fastest
  const stored = fortran ? toFortran(values, shape) : values;
  stored.forEach((v, i) => {
    view.setFloat64(10 + header.length + i * 8, v, little);
  });
  return out;
}

function toFortran(values: number[], shape: number[]): number[] {
  const out = new Array<number>(values.length);
  values.forEach((v, c) => {
    let rest = c;
    const index = shape.map(() => 0);
    for (let d = shape.length - 1; d >= 0; d--) {
      index[d] = rest % (shape[d] as number);
      rest = Math.floor(rest / (shape[d] as number));
    }
    let offset = 0;
    let stride = 1;
    for (let d = 0; d < shape.length; d++) {
      offset += (index[d] as number) * stride;
      stride *= shape[d] as number;
    }
    out[offset] = v;
  });
  return out;
}

describe('.npy arrays', () => {
  it('any shape, byte order and memory order reads back in C order, every double exact', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 4 }),
        fc.boolean(),
        fc.boolean(),
        fc.array(fc.double(), { minLength: 256, maxLength: 256 }),
        (shape, little, fortran, pool) => {
          const count = shape.reduce((a, b) => a * b, 1);
          const values = pool.slice(0, count);
          const array = parseNpy(npy(values, shape, little, fortran), 'a.npy');
          expect(array.shape).toEqual(shape);
          expect([...array.values]).toEqual(values);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('cut-short data is refused, naming the entry and the bytes', () => {
    const whole = npy([1, 2, 3], [3], true, false);
    expect(() => parseNpy(whole.subarray(0, whole.length - 1), 'e.npz: a.npy')).toThrow(
      'e.npz: a.npy: 23 bytes of data for 3 values of <f8 (24 needed); cut short',
    );
  });
});
