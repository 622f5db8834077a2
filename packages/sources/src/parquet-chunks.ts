/**
 * Column chunks of an export, encoded straight from the shape of its data: one page per chunk, a
 * column either constant over runs of rows (text, configuration: a dictionary and RLE runs of its
 * indexes, known without a lookup per row) or doubles taken from Float64Arrays (PLAIN, their bytes).
 * Why not hyparquet-writer's column writer: its generic path (a Map lookup per value, level arrays per
 * row, statistics over JS values) took 6.2 s of an 8.7 s export of 8M values (400 runs × 8 metrics,
 * measured with a CPU profile); this takes 0.5 s of it, Snappy included. The generic pieces (page
 * headers, Thrift, Snappy, the footer) are hyparquet-writer's.
 */
import { ByteWriter } from 'hyparquet-writer/src/bytewriter.js';
import { writeRleBitPackedHybrid } from 'hyparquet-writer/src/encoding.js';
import {
  addRun,
  type Cell,
  ChunkBuilder,
  type ColumnChunkMeta,
  chunkMeta,
  dataPage,
  levelsOf,
  type ParquetColumn,
  type ParquetType,
  writeRuns,
} from './parquet-pages.js';
import { distinctBounds, doubleBounds, statistics } from './parquet-statistics.js';

export type { Cell, ColumnChunkMeta, ParquetColumn, ParquetType, RowGroupMeta } from './parquet-pages.js';

/** A column constant over runs of rows: `values[i]` fills the next `lengths[i]` rows. */
export interface RepeatedData {
  values: Cell[];
  lengths: number[];
}
/** Doubles, the arrays one after the other; in a nullable column NaN is null. */
export interface DoublesData {
  doubles: Float64Array[];
}
export type ChunkData = RepeatedData | DoublesData;

/** One encoded column chunk: its bytes in file order and its metadata for the footer. */
export interface EncodedChunk {
  pieces: Uint8Array[];
  size: number;
  /** What `size` would be without compression. */
  uncompressed: number;
  chunk: ColumnChunkMeta;
}

const utf8 = new TextEncoder();
const NEGATIVE_ZERO = Symbol('-0');
const EMPTY = new Uint8Array(0);
/** Parquet is little-endian; a Float64Array's bytes are the platform's. */
const LITTLE_ENDIAN = new Uint8Array(new Float64Array([1]).buffer)[7] === 0x3f;
/** The little-endian bytes of doubles: a view when the platform is little-endian, else a copy. */
function doubleBytes(values: Float64Array): Uint8Array {
  if (LITTLE_ENDIAN) return new Uint8Array(values.buffer, values.byteOffset, values.byteLength);
  const out = new DataView(new ArrayBuffer(values.byteLength));
  for (let i = 0; i < values.length; i++) out.setFloat64(i * 8, values[i] as number, true);
  return new Uint8Array(out.buffer);
}
/** A repeated column's runs: its distinct values, RLE runs of their indexes and of definition levels. */
function scanRuns(data: RepeatedData) {
  const index = new Map<Cell | symbol, number>();
  const runs = {
    distinct: [] as Cell[],
    indexes: [] as number[],
    indexCounts: [] as number[],
    defined: [] as number[],
    definedCounts: [] as number[],
    rows: 0,
    nulls: 0,
    nans: 0,
  };
  for (let i = 0; i < data.values.length; i++) {
    const value = data.values[i] as Cell;
    const n = data.lengths[i] as number;
    if (n === 0) continue;
    runs.rows += n;
    addRun(runs.defined, runs.definedCounts, value === null ? 0 : 1, n);
    if (value === null) {
      runs.nulls += n;
      continue;
    }
    if (typeof value === 'number' && Number.isNaN(value)) runs.nans += n;
    const key = Object.is(value, -0) ? NEGATIVE_ZERO : value; // a Map takes -0 for 0
    let at = index.get(key);
    if (at === undefined) {
      at = runs.distinct.length;
      runs.distinct.push(value);
      index.set(key, at);
    }
    addRun(runs.indexes, runs.indexCounts, at, n);
  }
  return runs;
}

/** The PLAIN bytes of a dictionary: doubles, or each text's length then its UTF-8 bytes. */
function plainDictionary(type: ParquetType, distinct: readonly Cell[], encoded: readonly Uint8Array[]) {
  const plain = new ByteWriter(64 + distinct.length * 8);
  for (let i = 0; i < distinct.length; i++) {
    if (type === 'DOUBLE') plain.appendFloat64(distinct[i] as number);
    else {
      const bytes = encoded[i] as Uint8Array;
      plain.appendUint32(bytes.length);
      plain.appendBytes(bytes);
    }
  }
  return plain.getBytes();
}

/**
 * A column constant over runs of rows: a dictionary page of its distinct values and RLE runs of their
 * indexes (booleans: RLE runs of the bits, the format has no dictionary for them).
 */
function encodeRepeated(column: ParquetColumn, data: RepeatedData, offset: number, compress: boolean) {
  const { distinct, indexes, indexCounts, defined, definedCounts, rows, nulls, nans } = scanRuns(data);
  const levels = column.nullable ? levelsOf(defined, definedCounts) : EMPTY;
  const builder = new ChunkBuilder(compress);
  const encoded = column.type === 'STRING' ? distinct.map((v) => utf8.encode(v as string)) : [];
  const stats = statistics(column.type, { ...distinctBounds(column.type, distinct, encoded), nulls, nans });
  const meta = (pages: Parameters<typeof chunkMeta>[4]) => ({
    builder,
    meta: chunkMeta(column, builder, offset, rows, pages, stats),
  });
  if (distinct.length === 0) {
    // only nulls: levels and no values (no dictionary to point into)
    return meta({
      data: builder.page(dataPage(rows, nulls, 'PLAIN', levels, compress), levels, []),
      encoding: 'PLAIN',
    });
  }
  if (column.type === 'BOOLEAN') {
    const body = new ByteWriter(16 + 4 * indexes.length);
    body.appendUint32(0); // the runs' byte length, set below
    const bits = indexes.map((i) => (distinct[i] ? 1 : 0));
    writeRuns(body, bits, indexCounts, 1);
    body.view.setUint32(0, body.offset - 4, true);
    const page = builder.page(dataPage(rows, nulls, 'RLE', levels, compress), levels, [body.getBytes()]);
    return meta({ data: page, encoding: 'RLE' });
  }
  const dictionary = builder.page(
    ({ raw, stored }) => ({
      type: 'DICTIONARY_PAGE',
      uncompressed_page_size: raw,
      compressed_page_size: stored,
      dictionary_page_header: { num_values: distinct.length, encoding: 'PLAIN' },
    }),
    EMPTY,
    [plainDictionary(column.type, distinct, encoded)],
  );
  const bitWidth = distinct.length <= 1 ? 0 : 32 - Math.clz32(distinct.length - 1);
  const body = new ByteWriter(16 + 4 * indexes.length);
  body.appendUint8(bitWidth);
  writeRuns(body, indexes, indexCounts, bitWidth);
  const page = builder.page(dataPage(rows, nulls, 'RLE_DICTIONARY', levels, compress), levels, [
    body.getBytes(),
  ]);
  return meta({ dictionary, data: page, encoding: 'RLE_DICTIONARY' });
}

/** Definition levels of doubles where NaN is null, and the values left once the nulls are taken out. */
function dropNaN(parts: readonly Float64Array[], rows: number, nulls: number) {
  if (nulls === 0) return { levels: levelsOf([1], [rows]), values: parts };
  if (nulls === rows) return { levels: levelsOf([0], [rows]), values: [] };
  const defined = new Uint8Array(rows);
  const values = new Float64Array(rows - nulls);
  let row = 0;
  let kept = 0;
  for (const part of parts)
    for (let i = 0; i < part.length; i++, row++) {
      const v = part[i] as number;
      if (!Number.isNaN(v)) {
        defined[row] = 1;
        values[kept++] = v;
      }
    }
  const writer = new ByteWriter(rows / 4 + 64);
  writeRleBitPackedHybrid(writer, defined, 1);
  return { levels: writer.getBytes(), values: [values] };
}

/** Doubles as PLAIN values, the typed arrays' own bytes. */
function encodeDoubles(column: ParquetColumn, data: DoublesData, offset: number, compress: boolean) {
  let rows = 0;
  for (const part of data.doubles) rows += part.length;
  const bounds = doubleBounds(data.doubles, column.nullable);
  const { levels, values } = column.nullable
    ? dropNaN(data.doubles, rows, bounds.nulls)
    : { levels: EMPTY, values: data.doubles };
  const builder = new ChunkBuilder(compress);
  const page = builder.page(
    dataPage(rows, bounds.nulls, 'PLAIN', levels, compress),
    levels,
    values.map(doubleBytes),
  );
  const stats = statistics('DOUBLE', bounds);
  return {
    builder,
    meta: chunkMeta(column, builder, offset, rows, { data: page, encoding: 'PLAIN' }, stats),
  };
}

/** Encodes one column chunk that starts at `offset` in the file. */
export function encodeChunk(
  column: ParquetColumn,
  data: ChunkData,
  offset: number,
  compress: boolean,
): EncodedChunk {
  const { builder, meta } =
    'doubles' in data
      ? encodeDoubles(column, data, offset, compress)
      : encodeRepeated(column, data, offset, compress);
  return { pieces: builder.pieces, size: builder.size, uncompressed: builder.uncompressed, chunk: meta };
}

/** Rows of a column chunk's data. */
export function chunkRows(data: ChunkData): number {
  let rows = 0;
  if ('doubles' in data) for (const part of data.doubles) rows += part.length;
  else for (const n of data.lengths) rows += n;
  return rows;
}
