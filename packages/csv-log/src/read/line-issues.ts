import type { ReadIssues } from '../types.js';
import { tornRecordWords } from './torn-words.js';

/** One line of an input file that was not used, and why (`line` counted from 1). */
export interface LineIssue {
  file: string;
  line: number;
  reason: string;
}

/**
 * A reader's issues as one list of `file:line: reason`, in line order: the one flattening the CLI and
 * the report both print.
 */
export function lineIssues(file: string, issues: ReadIssues): LineIssue[] {
  const lines: LineIssue[] = issues.skipped.map(({ line, reason }) => ({ file, line, reason }));
  if (issues.torn) {
    // csv-log's readers read every last line without its end as torn (an append-only log may be being
    // written), said as every reader says it
    const { line, text } = issues.torn;
    lines.push({ file, line, reason: tornRecordWords({ text, width: 0, writing: '' }) });
  }
  return lines.sort((a, b) => a.line - b.line);
}
