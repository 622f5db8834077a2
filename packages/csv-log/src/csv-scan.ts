import { open } from 'node:fs/promises';
import { StringDecoder } from 'node:string_decoder';
import Papa from 'papaparse';
import type { ReadIssues } from './types.js';

const CHUNK_BYTES = 1 << 20;
const TORN_TEXT_MAX = 10_000;

/** Complete rows of one chunk, with the 1-based line each starts on. */
export interface CsvBatch {
  rows: string[][];
  lines: number[];
  /** Bytes read so far and the snapshot's size: lets a caller size its arrays once. */
  position?: number;
  size?: number;
}

export interface CsvScanOptions {
  /** Called once with the header (BOM removed) before the first batch. */
  onHeader(header: string[]): void;
  /** Receives every data row's batch; rows are not checked against the header here. */
  onBatch(batch: CsvBatch): void | Promise<void>;
}

/**
 * Streams a CSV file through papaparse's core parser, a chunk at a time, in bounded memory.
 * Reads only up to the file's size at the start, so a file that grows meanwhile yields a consistent
 * snapshot. The text after the last complete row (a line cut short by a crash) is reported as torn.
 *
 * We drive `Papa.Parser` ourselves instead of `Papa.parse(stream)` so the caller pulls batches
 * (natural back-pressure for the async iterator) and we know each row's line number.
 */
export async function scanCsv(path: string, options: CsvScanOptions, issues: ReadIssues): Promise<void> {
  const handle = await open(path, 'r');
  try {
    const size = (await handle.stat()).size;
    const decoder = new StringDecoder('utf8');
    const buffer = Buffer.allocUnsafe(Math.min(CHUNK_BYTES, Math.max(size, 1)));
    let parser: Papa.Parser | null = null;
    let pending = '';
    let line = 1; // line on which `pending` starts
    let position = 0;
    let headerSeen = false;
    let columnCount = 0;

    while (position < size) {
      const { bytesRead } = await handle.read(buffer, 0, Math.min(buffer.length, size - position), position);
      if (bytesRead === 0) break; // the file shrank under us: stop at what exists
      position += bytesRead;
      const text = pending + decoder.write(buffer.subarray(0, bytesRead));
      // The header line decides the line end: Python's csv module writes \r\n, we write \n.
      parser ??= new Papa.Parser({ delimiter: ',', newline: detectNewline(text), quoteChar: '"' });
      const result = parser.parse(text, 0, true) as { data: string[][]; meta: { cursor: number } };
      pending = text.slice(result.meta.cursor);
      const rows = result.data;
      if (rows.length === 0) continue;
      const lines = new Array<number>(rows.length);
      const quoted = text.indexOf('"') !== -1; // only a quoted field can span lines
      for (let i = 0; i < rows.length; i++) {
        lines[i] = line;
        line += quoted ? 1 + countNewlines(rows[i] as string[]) : 1;
      }
      let first = 0;
      if (!headerSeen) {
        headerSeen = true;
        const header = rows[0] as string[];
        if (header.length > 0) header[0] = (header[0] as string).replace(/^\uFEFF/, '');
        columnCount = header.length;
        options.onHeader(header);
        first = 1;
      }
      const data = first === 0 ? rows : rows.slice(first);
      const dataLines = first === 0 ? lines : lines.slice(first);
      const kept = columnCount > 1 ? dropBlankLines(data, dataLines) : { rows: data, lines: dataLines };
      if (kept.rows.length > 0) await options.onBatch({ ...kept, position, size });
    }
    pending += decoder.end();
    if (!headerSeen) options.onHeader([]);
    if (pending !== '') {
      issues.torn = {
        line,
        text: pending.length > TORN_TEXT_MAX ? `${pending.slice(0, TORN_TEXT_MAX)}…` : pending,
      };
    }
  } finally {
    await handle.close();
  }
}

/** The line end of the first line: the first LF outside quotes, with or without a CR before it. */
function detectNewline(text: string): '\n' | '\r\n' {
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 34 /* " */) quoted = !quoted;
    else if (code === 10 && !quoted) return i > 0 && text.charCodeAt(i - 1) === 13 ? '\r\n' : '\n';
  }
  return '\n';
}

function countNewlines(row: string[]): number {
  let count = 0;
  for (const field of row) {
    if (field.length === 0) continue;
    let at = field.indexOf('\n');
    while (at !== -1) {
      count++;
      at = field.indexOf('\n', at + 1);
    }
  }
  return count;
}

// A blank line carries no data (papaparse returns it as one empty field): drop it quietly. With a
// single column it is indistinguishable from an empty cell, so it is kept there.
function dropBlankLines(rows: string[][], lines: number[]): CsvBatch {
  let blank = 0;
  for (const row of rows) if (row.length === 1 && row[0] === '') blank++;
  if (blank === 0) return { rows, lines };
  const keptRows: string[][] = [];
  const keptLines: number[] = [];
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i] as string[];
    if (row.length === 1 && row[0] === '') continue;
    keptRows.push(row);
    keptLines.push(lines[i] as number);
  }
  return { rows: keptRows, lines: keptLines };
}
