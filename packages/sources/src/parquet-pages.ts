/**
 * The pieces of a Parquet column chunk that do not depend on its data: pages (header, levels, body,
 * Snappy), RLE runs and the chunk's metadata for the footer. Thrift, Snappy and ByteWriter are
 * hyparquet-writer's.
 */
import { ByteWriter } from 'hyparquet-writer/src/bytewriter.js';
import { writePageHeader } from 'hyparquet-writer/src/datapage.js';
import type { writeMetadata } from 'hyparquet-writer/src/metadata.js';
import { snappyCompress } from 'hyparquet-writer/src/snappy.js';

type FileMetaData = Parameters<typeof writeMetadata>[1];
export type RowGroupMeta = FileMetaData['row_groups'][number];
export type ColumnChunkMeta = RowGroupMeta['columns'][number];
export type ColumnMetaData = NonNullable<ColumnChunkMeta['meta_data']>;
type PageHeader = Parameters<typeof writePageHeader>[1];

export type ParquetType = 'STRING' | 'DOUBLE' | 'BOOLEAN';
export type Cell = string | number | boolean | null;

export interface ParquetColumn {
  name: string;
  type: ParquetType;
  /** May hold nulls (OPTIONAL); a column that never does is REQUIRED, cheaper to write and read. */
  nullable: boolean;
}

/**
 * A column chunk's pages, in file order: each a header, definition levels (never compressed in a v2 data
 * page), then the body, Snappy-compressed when the chunk is.
 */
export class ChunkBuilder {
  pieces: Uint8Array[] = [];
  size = 0;
  uncompressed = 0;

  constructor(readonly compress: boolean) {}

  private push(bytes: Uint8Array) {
    if (bytes.length === 0) return;
    this.pieces.push(bytes);
    this.size += bytes.length;
  }

  /** Adds a page; returns its offset from the chunk's start. */
  page(
    header: (body: { raw: number; stored: number }) => PageHeader,
    levels: Uint8Array,
    body: Uint8Array[],
  ) {
    const at = this.size;
    let raw = 0;
    for (const part of body) raw += part.length;
    const stored = this.compress ? [snappyCompress(concat(body, raw))] : body;
    const head = new ByteWriter(64);
    const storedSize = this.compress ? (stored[0] as Uint8Array).length : raw;
    writePageHeader(head, header({ raw: levels.length + raw, stored: levels.length + storedSize }));
    this.push(head.getBytes());
    this.push(levels);
    for (const part of stored) this.push(part);
    this.uncompressed += head.offset + levels.length + raw;
    return at;
  }
}

/** The parts as one array (the part itself when there is one). */
function concat(parts: Uint8Array[], length: number): Uint8Array {
  if (parts.length === 1) return parts[0] as Uint8Array;
  const out = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** RLE runs (value, count) of the RLE/bit-packed hybrid encoding. */
export function writeRuns(writer: ByteWriter, values: number[], counts: number[], bitWidth: number) {
  const width = (bitWidth + 7) >> 3;
  for (let i = 0; i < values.length; i++) {
    writer.appendVarInt((counts[i] as number) * 2);
    const value = values[i] as number;
    for (let b = 0; b < width; b++) writer.appendUint8((value >>> (8 * b)) & 0xff);
  }
}

/** Appends a run, merged with the previous one when it has the same value. */
export function addRun(values: number[], counts: number[], value: number, count: number) {
  const last = values.length - 1;
  if (last >= 0 && values[last] === value) counts[last] = (counts[last] as number) + count;
  else {
    values.push(value);
    counts.push(count);
  }
}

/** Definition levels (bit width 1) as RLE runs. */
export function levelsOf(defined: number[], counts: number[]): Uint8Array {
  const writer = new ByteWriter(16 + 4 * defined.length);
  writeRuns(writer, defined, counts, 1);
  return writer.getBytes();
}

/** The header of a v2 data page of one column chunk, given its sizes once known. */
export function dataPage(
  rows: number,
  nulls: number,
  encoding: 'PLAIN' | 'RLE' | 'RLE_DICTIONARY',
  levels: Uint8Array,
  compressed: boolean,
) {
  return ({ raw, stored }: { raw: number; stored: number }): PageHeader => ({
    type: 'DATA_PAGE_V2',
    uncompressed_page_size: raw,
    compressed_page_size: stored,
    data_page_header_v2: {
      num_values: rows,
      num_nulls: nulls,
      num_rows: rows,
      encoding,
      definition_levels_byte_length: levels.length,
      repetition_levels_byte_length: 0,
      is_compressed: compressed,
    },
  });
}

/** The chunk's metadata once its pages are written at `offset` in the file. */
export function chunkMeta(
  column: ParquetColumn,
  builder: ChunkBuilder,
  offset: number,
  rows: number,
  pages: { dictionary?: number; data: number; encoding: 'PLAIN' | 'RLE' | 'RLE_DICTIONARY' },
  stats: ColumnMetaData['statistics'],
): ColumnChunkMeta {
  const dictionary = pages.dictionary === undefined ? undefined : BigInt(offset + pages.dictionary);
  return {
    file_offset: BigInt(offset),
    meta_data: {
      type: column.type === 'STRING' ? 'BYTE_ARRAY' : column.type,
      encodings: dictionary === undefined ? [pages.encoding] : ['PLAIN', pages.encoding],
      path_in_schema: [column.name],
      codec: builder.compress ? 'SNAPPY' : 'UNCOMPRESSED',
      num_values: BigInt(rows),
      total_uncompressed_size: BigInt(builder.uncompressed),
      total_compressed_size: BigInt(builder.size),
      data_page_offset: BigInt(offset + pages.data),
      dictionary_page_offset: dictionary,
      statistics: stats,
      encoding_stats: [
        ...(dictionary === undefined
          ? []
          : [{ page_type: 'DICTIONARY_PAGE' as const, encoding: 'PLAIN' as const, count: 1 }]),
        { page_type: 'DATA_PAGE_V2' as const, encoding: pages.encoding, count: 1 },
      ],
    },
  };
}
