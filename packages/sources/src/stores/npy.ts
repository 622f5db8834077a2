/**
 * NumPy's `.npy` format (numpy/lib/format.py): magic `\x93NUMPY`, a version, a header length (uint16 in
 * 1.0, uint32 in 2.0 and 3.0), a Python dict literal `{'descr': '<f8', 'fortran_order': False, 'shape':
 * (3, 5), }`, then the data. Hand-written: no npm library reads .npy without pulling in a whole array
 * toolkit, and the format is these few lines.
 */

/** One array: its values as doubles in C (row-major) order, whatever order and byte order it was stored in. */
export interface NpyArray {
  /** NumPy's dtype string as stored (`<f8`, `>i4`, `|b1`…). */
  dtype: string;
  shape: number[];
  values: Float64Array;
}

/** The most values one array is read into (as doubles). */
export const NPY_VALUES_MAX = 16 * 2 ** 20;

const MAGIC = [0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59]; // \x93NUMPY

interface NpyHeader {
  descr: string;
  fortran: boolean;
  shape: number[];
  /** Where the data starts. */
  dataStart: number;
}

/** A `.npy` file's header from its first bytes (a few hundred suffice), or an error naming `name`. */
export function npyHeader(bytes: Uint8Array, name: string): NpyHeader {
  if (bytes.length < 10 || MAGIC.some((b, i) => bytes[i] !== b))
    throw new Error(`${name}: not a .npy array (no \\x93NUMPY magic)`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const major = bytes[6] as number;
  if (major < 1 || major > 3) throw new Error(`${name}: .npy format version ${major}.${bytes[7]} is unknown`);
  const start = major === 1 ? 10 : 12;
  if (bytes.length < start) throw new Error(`${name}: .npy header is cut short`);
  const headerLength = major === 1 ? view.getUint16(8, true) : view.getUint32(8, true);
  if (start + headerLength > bytes.length) throw new Error(`${name}: .npy header is cut short`);
  const header = new TextDecoder(major === 3 ? 'utf-8' : 'latin1').decode(
    bytes.subarray(start, start + headerLength),
  );
  const descr = /'descr'\s*:\s*'([^']*)'/.exec(header)?.[1];
  const fortran = /'fortran_order'\s*:\s*(True|False)/.exec(header)?.[1];
  const shapeText = /'shape'\s*:\s*\(([^)]*)\)/.exec(header)?.[1];
  if (descr === undefined || fortran === undefined || shapeText === undefined)
    throw new Error(`${name}: .npy header is not a plain array's (${header.trim().slice(0, 80)})`);
  const shape = shapeText
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .map(Number);
  if (shape.some((n) => !Number.isInteger(n) || n < 0))
    throw new Error(`${name}: .npy shape (${shapeText}) is not a shape`);
  return { descr, fortran: fortran === 'True', shape, dataStart: start + headerLength };
}

/** The bytes of one `.npy` array; `name` (file and entry) is named in every error. */
export function parseNpy(bytes: Uint8Array, name: string): NpyArray {
  const { descr, fortran, shape, dataStart } = npyHeader(bytes, name);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const count = shape.reduce((a, b) => a * b, 1);
  const element = elementReader(descr, name);
  // each value becomes a double: 16 M of them are 128 MiB, far past any logged metric
  if (count > NPY_VALUES_MAX)
    throw new Error(
      `${name}: shape (${shape.join(', ')}) is ${count.toLocaleString('en')} values, more than the ${NPY_VALUES_MAX.toLocaleString('en')} read from one array; not read`,
    );
  if (bytes.length - dataStart < count * element.size)
    throw new Error(
      `${name}: ${bytes.length - dataStart} bytes of data for ${count} values of ${descr} (${count * element.size} needed); cut short`,
    );
  const stored = new Float64Array(count);
  for (let i = 0; i < count; i++) stored[i] = element.read(view, dataStart + i * element.size);
  return { dtype: descr, shape, values: fortran ? fortranToC(stored, shape) : stored };
}

interface ElementReader {
  size: number;
  read(view: DataView, offset: number): number;
}

/** `<f8`, `>i4`, `|b1`, `|u1`…: byte order (`<` little, `>` big, `|` not applicable, `=` native), kind, size. */
function elementReader(descr: string, name: string): ElementReader {
  const match = /^([<>|=]?)([fiub])(\d+)$/.exec(descr);
  if (!match) throw new Error(`${name}: dtype ${descr} is not a number or bool array; not read`);
  const little = match[1] !== '>';
  const kind = match[2] as 'f' | 'i' | 'u' | 'b';
  const size = Number(match[3]);
  const readers: Record<string, ElementReader['read'] | undefined> = {
    f8: (v, o) => v.getFloat64(o, little),
    f4: (v, o) => v.getFloat32(o, little),
    i8: (v, o) => Number(v.getBigInt64(o, little)),
    i4: (v, o) => v.getInt32(o, little),
    i2: (v, o) => v.getInt16(o, little),
    i1: (v, o) => v.getInt8(o),
    u8: (v, o) => Number(v.getBigUint64(o, little)),
    u4: (v, o) => v.getUint32(o, little),
    u2: (v, o) => v.getUint16(o, little),
    u1: (v, o) => v.getUint8(o),
    b1: (v, o) => (v.getUint8(o) === 0 ? 0 : 1),
  };
  const read = readers[`${kind}${size}`];
  if (!read) throw new Error(`${name}: dtype ${descr} is not read (f8, f4, i1-i8, u1-u8, b1 are)`);
  return { size, read };
}

/** Column-major values (`fortran_order: True`) in row-major order. */
function fortranToC(stored: Float64Array, shape: number[]): Float64Array {
  const out = new Float64Array(stored.length);
  const dims = shape.length;
  const index = new Array<number>(dims).fill(0);
  for (let c = 0; c < stored.length; c++) {
    // index of element c in C order -> offset in F order (first axis varies fastest)
    let offset = 0;
    let stride = 1;
    for (let d = 0; d < dims; d++) {
      offset += (index[d] as number) * stride;
      stride *= shape[d] as number;
    }
    out[c] = stored[offset] as number;
    for (let d = dims - 1; d >= 0; d--) {
      index[d] = (index[d] as number) + 1;
      if ((index[d] as number) < (shape[d] as number)) break;
      index[d] = 0;
    }
  }
  return out;
}
