import { StringDecoder } from 'node:string_decoder';
import { openInput } from '@evidence/node-kit';
import { emptyIssues, type ReadIssues, tornAt } from '../types.js';
import { CHUNK_BYTES } from './csv-scan.js';
import { parseNanJson } from './nan-json.js';

export interface JsonlResult<T = Record<string, unknown>> {
  path: string;
  records: T[];
  issues: ReadIssues;
}

/** The longest line read (characters): far past any episode, far below V8's longest string (2^29). */
export const JSONL_LINE_MAX = 64 * 1024 * 1024;
/**
 * Reads a JSON Lines file, one object per line (Python's NaN/Infinity read as numbers). Malformed lines
 * are skipped and reported; a last line without its newline is torn, never returned.
 */
export async function readJsonl<T = Record<string, unknown>>(path: string): Promise<JsonlResult<T>> {
  const records: T[] = [];
  const issues = await forEachJsonl<T>(path, (record) => {
    records.push(record);
  });
  return { path, records, issues };
}

/**
 * readJsonl without keeping the records: each goes to `onRecord` (with its 1-based line) as it is read,
 * a chunk at a time up to the size at open. A line longer than JSONL_LINE_MAX is an error naming it.
 */
export async function forEachJsonl<T = Record<string, unknown>>(
  path: string,
  onRecord: (record: T, line: number) => void,
): Promise<ReadIssues> {
  const handle = await openInput(path);
  const issues = emptyIssues();
  let lineNumber = 0;
  const take = (raw: string) => {
    lineNumber++;
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line.trim() === '') return;
    const parsed = parseLine(line);
    if ('error' in parsed) {
      issues.skipped.push({ line: lineNumber, reason: parsed.error });
    } else if (parsed.value === null || typeof parsed.value !== 'object' || Array.isArray(parsed.value)) {
      issues.skipped.push({
        line: lineNumber,
        reason: `expected a JSON object, found ${describe(parsed.value)}`,
      });
    } else {
      onRecord(parsed.value as T, lineNumber);
    }
  };
  try {
    let left = (await handle.stat()).size;
    const decoder = new StringDecoder('utf8');
    const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
    let pending = '';
    let first = true;
    while (left > 0) {
      const { bytesRead } = await handle.read(buffer, 0, Math.min(CHUNK_BYTES, left), null);
      if (bytesRead === 0) break; // the file shrank under us: stop at what exists
      left -= bytesRead;
      let text = pending + decoder.write(buffer.subarray(0, bytesRead));
      if (first && text.length > 0) {
        if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
        first = false;
      }
      let start = 0;
      for (let lf = text.indexOf('\n'); lf !== -1; lf = text.indexOf('\n', start)) {
        take(text.slice(start, lf));
        start = lf + 1;
      }
      pending = text.slice(start);
      if (pending.length > JSONL_LINE_MAX) {
        throw new Error(
          `${path}:${lineNumber + 1}: a line longer than ${JSONL_LINE_MAX / 2 ** 20} MiB (the most one record may hold)`,
        );
      }
    }
    pending += decoder.end();
    if (pending !== '') issues.torn = tornAt(lineNumber + 1, pending);
  } finally {
    await handle.close();
  }
  return issues;
}

function parseLine(line: string): { value: unknown } | { error: string } {
  try {
    return { value: parseNanJson(line) };
  } catch (error) {
    return { error: `invalid JSON (${(error as Error).message})` };
  }
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}
