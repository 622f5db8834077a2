import { type LineIssue, lineIssues } from '@evidence/csv-log';
import { type CliIo, printLine } from './io.js';
import { displayPath } from './paths.js';

export type { LineIssue };

/** Bad lines are never fatal: each is printed to stderr as `file:line: reason` so an editor can jump to it. */
export function printIssues(io: CliIo, issues: readonly LineIssue[]): void {
  for (const issue of issues)
    printLine(io.stderr, `${displayPath(io, issue.file)}:${issue.line}: ${issue.reason}`);
}

/** The one flattening of a reader's issues, shared with @evidence/report. */
export const fromReadIssues = lineIssues;

export function preview(text: string, max = 40): string {
  const oneLine = JSON.stringify(text.length > max ? `${text.slice(0, max)}…` : text);
  return oneLine;
}
