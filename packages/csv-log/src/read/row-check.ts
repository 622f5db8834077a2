import type { ReadIssues } from '../types.js';

/** Raised by readers in `strict` mode; names the file and line. */
export class CsvFormatError extends Error {
  readonly file: string;
  readonly line: number;
  constructor(file: string, line: number, reason: string) {
    super(`${file}:${line}: ${reason}`);
    this.name = 'CsvFormatError';
    this.file = file;
    this.line = line;
  }
}

/** True when the row has the header's width; otherwise throws (strict) or records it as skipped. */
export function acceptRow(
  found: number,
  width: number,
  line: number,
  file: string,
  strict: boolean,
  issues: ReadIssues,
): boolean {
  if (found === width) return true;
  skipRecord(line, `expected ${width} fields (as in the header), found ${found}`, file, strict, issues);
  return false;
}

/** A record that is not returned: throws (strict) or records it as skipped. */
export function skipRecord(line: number, reason: string, file: string, strict: boolean, issues: ReadIssues) {
  if (strict) throw new CsvFormatError(file, line, reason);
  issues.skipped.push({ line, reason });
}

export function columnIndex(header: readonly string[], name: string, file: string, what: string): number {
  const index = header.indexOf(name);
  if (index === -1) {
    throw new Error(
      `${file}: ${what} column "${name}" is not in the header (${header.join(', ') || 'empty file'})`,
    );
  }
  return index;
}

/** The header indexes of the columns to load (`wanted`, default all, and `also`) and the fields to cut. */
export function pickColumns(header: readonly string[], wanted?: readonly string[], also?: string) {
  const picked: number[] = [];
  for (let i = 0; i < header.length; i++) {
    const name = header[i] as string;
    if (!wanted || wanted.includes(name) || name === also) picked.push(i);
  }
  return { picked, limit: picked.length === 0 ? 0 : (picked[picked.length - 1] as number) + 1 };
}

/** numeric()'s error: no such column among `loaded`, or one holding text (first at `origin`). */
export function notNumeric(
  path: string,
  name: string,
  loaded: readonly string[],
  origin?: TextOrigin,
): Error {
  if (!loaded.includes(name))
    return new Error(`${path}: no column "${name}" (columns: ${loaded.join(', ') || 'none'})`);
  const at = origin ? ` (line ${origin.line} holds ${JSON.stringify(origin.text)})` : '';
  return new Error(`${path}: column "${name}" is not numeric${at}`);
}

/** Where a column first stopped being numeric. */
export interface TextOrigin {
  line: number;
  text: string;
}
