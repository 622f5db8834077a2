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
