import type { ReadIssues } from '@evidence/csv-log';
import { type CliIo, printLine } from './io.js';
import { displayPath } from './paths.js';

export interface LineIssue {
  file: string;
  line: number;
  reason: string;
}

/** Bad lines are never fatal: each is printed to stderr as `file:line: reason` so an editor can jump to it. */
export function printIssues(io: CliIo, issues: readonly LineIssue[]): void {
  for (const issue of issues)
    printLine(io.stderr, `${displayPath(io, issue.file)}:${issue.line}: ${issue.reason}`);
}

export function fromReadIssues(file: string, issues: ReadIssues): LineIssue[] {
  const lines: LineIssue[] = issues.skipped.map((skip) => ({ file, line: skip.line, reason: skip.reason }));
  if (issues.torn) {
    lines.push({
      file,
      line: issues.torn.line,
      reason: `torn last line ignored (no newline at the end): ${preview(issues.torn.text)}`,
    });
  }
  return lines;
}

export function preview(text: string, max = 40): string {
  const oneLine = JSON.stringify(text.length > max ? `${text.slice(0, max)}…` : text);
  return oneLine;
}
