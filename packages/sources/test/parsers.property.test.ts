import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { cellNumber, csvField, formatFloat32, formatNumber } from '../src/cells.js';
import { numericColumns, parseDelimited } from '../src/delimited.js';
import { crc32c, forEachRecord, frameRecord, maskedCrc32c, readRecordsInChunks } from '../src/index.js';

/** CRC-32C bit by bit, straight from the polynomial: the reference the table/native code must match. */
function crc32cBitwise(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0x82f63b78 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

describe('CRC-32C', () => {
  it('matches the check value and a bitwise reference on random bytes', () => {
    expect(crc32c(Buffer.from('123456789'))).toBe(0xe3069283);
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        expect(crc32c(Buffer.from(bytes))).toBe(crc32cBitwise(bytes));
      }),
    );
  });
});

describe('TFRecord framing', () => {
  it('round-trips random payloads, reporting nothing', () => {
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ maxLength: 200 }), { maxLength: 20 }), (payloads) => {
        const file = Buffer.concat(payloads.map((payload) => frameRecord(payload)));
        const issues: string[] = [];
        const read: Buffer[] = [];
        forEachRecord(file, 'f', issues, (start, end) => read.push(Buffer.from(file.subarray(start, end))));
        expect(issues).toEqual([]);
        expect(read).toEqual(payloads.map((payload) => Buffer.from(payload)));
      }),
    );
  });

  it('a flipped byte or a cut tail is reported, and only untouched records are returned', () => {
    fc.assert(
      fc.property(
        fc.array(fc.uint8Array({ minLength: 1, maxLength: 64 }), { minLength: 1, maxLength: 8 }),
        fc.nat(),
        fc.integer({ min: 1, max: 255 }),
        fc.boolean(),
        (payloads, where, flip, cut) => {
          const frames = payloads.map((payload) => frameRecord(payload));
          const file = Buffer.concat(frames);
          const at = 1 + (where % (file.length - 1)); // a cut leaves at least one byte
          const damaged = cut ? file.subarray(0, at) : Buffer.from(file);
          if (!cut) damaged[at] = (damaged[at] as number) ^ flip;
          const issues: string[] = [];
          const read: Buffer[] = [];
          forEachRecord(damaged, 'f', issues, (start, end) =>
            read.push(Buffer.from(damaged.subarray(start, end))),
          );
          const boundaries = new Set(
            frames.map((_, i) => frames.slice(0, i + 1).reduce((n, f) => n + f.length, 0)),
          );
          if (cut && boundaries.has(at))
            expect(issues).toEqual([]); // a cut between records damages none
          else expect(issues.length).toBeGreaterThan(0);
          expect(issues.every((issue) => /^f: byte \d+: /.test(issue))).toBe(true);
          // Every record returned is one that was framed (a CRC never lets damage through).
          const framed = new Set(payloads.map((payload) => Buffer.from(payload).toString('hex')));
          for (const data of read) expect(framed.has(data.toString('hex'))).toBe(true);
          // Records wholly before the damage are all returned.
          let end = 0;
          let before = 0;
          for (const frame of frames) {
            end += frame.length;
            if (end <= at) before++;
          }
          expect(read.length).toBeGreaterThanOrEqual(before);
        },
      ),
    );
  });

  it('the masked CRC of the length header is what TFRecord readers check', () => {
    const framed = frameRecord(Buffer.from('abc'));
    expect(framed.readUInt32LE(8)).toBe(maskedCrc32c(framed.subarray(0, 8)));
  });
});

describe('float32 text', () => {
  it('is the shortest text that reads back to the same float32', () => {
    fc.assert(
      fc.property(fc.float({ noNaN: true, noDefaultInfinity: true }), (value) => {
        const text = formatFloat32(value);
        expect(Math.fround(Number(text))).toBe(value);
        const digits = text
          .replace(/^-/, '')
          .replace(/e.*$/, '')
          .replace('.', '')
          .replace(/^0+/, '')
          .replace(/0+$/, '').length;
        if (digits > 1) {
          const shorter = Number(value.toPrecision(digits - 1));
          expect(Math.fround(shorter)).not.toBe(value);
        }
      }),
    );
  });
});

describe('CSV round trip through papaparse', () => {
  const name = fc
    .string({ minLength: 1, maxLength: 12 })
    .filter((text) => !/^#|^\s|\s$|[\r\n]/.test(text) && text.trim() !== '');
  it('numbers written with RFC 4180 quoting read back the same, whatever the column names', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(name, { minLength: 1, maxLength: 5 }),
        fc.array(fc.array(fc.oneof(fc.double(), fc.constant(Number.NaN)), { minLength: 5, maxLength: 5 }), {
          minLength: 1,
          maxLength: 30,
        }),
        fc.boolean(),
        (names, rows, crlf) => {
          const end = crlf ? '\r\n' : '\n';
          const header = names.map(csvField).join(',');
          const body = rows
            .map((row) => names.map((_, c) => formatNumber(row[c] as number)).join(','))
            .join(end);
          const text = `${header}${end}${body}${end}`;
          const parsed = parseDelimited('t.csv', text, { lastLine: 'torn' });
          const columns = numericColumns('t.csv', parsed);
          expect(parsed.issues).toEqual([]);
          expect([...columns.keys()]).toEqual(names.map((n) => n.trim()));
          names.forEach((n, c) => {
            expect([...(columns.get(n.trim()) ?? [])]).toEqual(rows.map((row) => row[c]));
          });
        },
      ),
    );
  });

  it('a comma header is read with commas, even when a quoted name holds ";" (found by a property test)', () => {
    const parsed = parseDelimited('t.csv', '"$",";;"\n1,2\n3,4\n', { lastLine: 'torn' });
    expect(parsed.delimiter).toBe(',');
    expect([...numericColumns('t.csv', parsed).keys()]).toEqual(['$', ';;']);
    // without a comma in the header the delimiter is still found, and a .tsv is read with tabs
    expect(parseDelimited('s.csv', 'a;b\n1;2\n', { lastLine: 'torn' }).delimiter).toBe(';');
    expect(parseDelimited('t.tsv', 'a,b\tc\n1\t2\n', { lastLine: 'torn' }).header).toEqual(['a,b', 'c']);
  });

  it('a file without quotes (split directly) gives the header and rows papaparse gives (property)', () => {
    const cell = fc.stringMatching(/^[A-Za-z0-9 ._:/-]{0,6}$/);
    const line = fc.oneof(
      {
        weight: 8,
        arbitrary: fc.array(cell, { minLength: 1, maxLength: 4 }).map((cells) => cells.join(',')),
      },
      { weight: 1, arbitrary: fc.constantFrom('', '   ', '# a comment', '#') },
    );
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 25 }), (lines) => {
        const text = `${lines.join('\n')}\n`;
        const fast = parseDelimited('t.csv', text, { lastLine: 'torn' });
        const data = Papa.parse<string[]>(text, {
          comments: '#',
          skipEmptyLines: 'greedy',
          delimiter: ',',
        }).data;
        const header = (data[0] ?? []).map((name) => name.trim());
        expect(fast.header).toEqual(header);
        expect(fast.rows.map((r) => r.fields)).toEqual(
          data.slice(1).filter((row) => row.length === header.length),
        );
        expect(fast.issues).toHaveLength(data.slice(1).filter((row) => row.length !== header.length).length);
        // each row's line is where it is in the file
        const all = text.split('\n');
        for (const row of fast.rows) expect(all[row.line - 1]).toBe(row.fields.join(','));
      }),
    );
  });

  it('cellNumber reads every formatNumber output back exactly', () => {
    fc.assert(
      fc.property(fc.double(), (value) => {
        expect(cellNumber(formatNumber(value))).toBe(value);
      }),
    );
  });
});

describe('TFRecord framing in chunks', () => {
  it('gives the records, offsets and issues of a whole-file read, whatever the chunk size and damage', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.uint8Array({ minLength: 0, maxLength: 40 }), { minLength: 1, maxLength: 8 }),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 255 })), { maxLength: 3 }),
        fc.nat(),
        fc.integer({ min: 1, max: 64 }),
        async (payloads, flips, cut, chunkSize) => {
          const whole = Buffer.concat(payloads.map((payload) => frameRecord(payload)));
          for (const [where, flip] of flips)
            whole[where % whole.length] = (whole[where % whole.length] as number) ^ flip;
          const file = whole.subarray(0, whole.length - (cut % 20));
          const expected: string[] = [];
          const expectedIssues: string[] = [];
          forEachRecord(file, 'f', expectedIssues, (start, end, offset) =>
            expected.push(`${offset}:${file.subarray(start, end).toString('hex')}`),
          );
          const got: string[] = [];
          const issues: string[] = [];
          await readRecordsInChunks(
            async (position, length) => file.subarray(position, position + length),
            file.length,
            chunkSize,
            'f',
            issues,
            (bytes, start, end, offset) =>
              got.push(`${offset}:${bytes.subarray(start, end).toString('hex')}`),
          );
          expect(got).toEqual(expected);
          expect(issues).toEqual(expectedIssues);
        },
      ),
      { numRuns: 300 },
    );
  });
});
