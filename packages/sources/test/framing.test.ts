import { describe, expect, it } from 'vitest';
import { maskedCrc32c } from '../src/tensorboard/crc32c.js';
import { forEachRecord, frameRecord, readRecordsInChunks } from '../src/tensorboard/framing.js';

/** A record header claiming `length` bytes, with a valid CRC: what a hostile or corrupt file may hold. */
function lyingHeader(length: number): Buffer {
  const header = Buffer.alloc(12);
  header.writeUInt32LE(length % 2 ** 32, 0);
  header.writeUInt32LE(Math.floor(length / 2 ** 32), 4);
  header.writeUInt32LE(maskedCrc32c(header.subarray(0, 8)), 8);
  return header;
}

const records = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => frameRecord(Buffer.from(`record ${from + i} ${'x'.repeat(i * 3)}`)));

/** Every record's text read from `file` in chunks of `chunk` bytes, and the most bytes held at once. */
async function readInChunks(file: Buffer, chunk: number) {
  const issues: string[] = [];
  const texts: string[] = [];
  let held = 0;
  await readRecordsInChunks(
    async (position, length) => file.subarray(position, position + length),
    file.length,
    chunk,
    'events.out.tfevents.1',
    issues,
    (bytes, start, end) => {
      held = Math.max(held, bytes.length);
      texts.push(bytes.toString('latin1', start, end));
    },
  );
  return { texts, issues, held };
}

describe('a record length longer than the bytes left in the file', () => {
  const before = records(5);
  const after = records(5, 5);
  for (const length of [2 ** 60, 2 ** 40, 10_000_000]) {
    it(`${length}: skipped to the next valid record, which is read, naming the byte; memory stays a chunk`, async () => {
      const lie = lyingHeader(length);
      const file = Buffer.concat([...before, lie, Buffer.from('junk'), ...after]);
      const at = Buffer.concat(before).length;
      const expected = Array.from({ length: 10 }, (_, i) => `record ${i} ${'x'.repeat((i % 5) * 3)}`);
      for (const chunk of [7, 64, 1 << 20]) {
        const { texts, issues, held } = await readInChunks(file, chunk);
        expect(texts, `chunks of ${chunk}`).toEqual(expected);
        expect(issues).toEqual([
          `events.out.tfevents.1: byte ${at}: record length ${length} does not fit in the ${file.length - at} bytes left in the file; skipped 16 bytes to the next valid record at byte ${at + 16}`,
        ]);
        expect(held).toBeLessThanOrEqual(chunk + 64);
      }
    });
  }

  it('at the end of the file with nothing valid after it: a torn tail, as a record still being written', () => {
    const whole = frameRecord(Buffer.from('the last record, cut short'));
    const file = Buffer.concat([...before, whole.subarray(0, 20)]);
    const issues: string[] = [];
    let count = 0;
    forEachRecord(file, 'f', issues, () => count++);
    expect(count).toBe(5);
    expect(issues).toEqual([
      `f: byte ${file.length - 20}: torn tail (a record of 26 bytes, 8 bytes left); not read`,
    ]);
  });
});
