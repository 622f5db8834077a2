/**
 * Hostile inputs and the run folders they sit beside, shared by packages/sources' tests and bench and
 * apps/cli's end-to-end tests (which import this file by its relative path), issue 40.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** SB3's progress.csv of three rows: the run a hostile file sits beside. */
export const PROGRESS = 'step,reward\n1,2\n2,3\n3,5\n';

/** A run folder `root/name`: its progress.csv and the other files given; returns the folder. */
export function runFolder(
  root: string,
  name: string,
  files: Record<string, string | Uint8Array> = {},
): string {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'progress.csv'), PROGRESS);
  for (const [file, data] of Object.entries(files)) writeFileSync(join(dir, file), data);
  return dir;
}

/** Nine levels of nine aliases (a few hundred bytes, 9^9 values expanded), as a list or a map. */
export function aliasBomb(form: 'list' | 'map'): string {
  const names = 'abcdefghi'.split('');
  const nine = (item: string) =>
    form === 'list'
      ? `[${Array(9).fill(item).join(', ')}]`
      : `{${Array.from({ length: 9 }, (_, i) => `k${i}: ${item}`).join(', ')}}`;
  return `${names.map((n, i) => `${n}: &${n} ${nine(i === 0 ? 'lol' : `*${names[i - 1]}`)}`).join('\n')}\n`;
}

/** A `.npy` (format 1.0) of little-endian doubles with the shape given (a Python tuple's text). */
export function npy(shape: string, values: Float64Array): Buffer {
  const header = `{'descr': '<f8', 'fortran_order': False, 'shape': ${shape}, }`.padEnd(117, ' ');
  return Buffer.concat([
    Buffer.from([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59, 1, 0, 118, 0]),
    Buffer.from(`${header}\n`, 'latin1'),
    Buffer.from(values.buffer, values.byteOffset, values.byteLength),
  ]);
}

/**
 * A zip of deflated entries, each declaring `size` bytes inflated in its local header and the central
 * directory, whatever its body inflates to: the lie a zip bomb tells.
 */
export function zipOf(entries: [name: string, body: Buffer, size: number][]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, body, size] of entries) {
    const file = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(file.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(file.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, file, body);
    centrals.push(central, file);
    offset += 30 + file.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
