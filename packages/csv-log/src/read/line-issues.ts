import type { ReadIssues } from '../types.js';

/** One line of an input file that was not used, and why (`line` counted from 1). */
export interface LineIssue {
  file: string;
  line: number;
  reason: string;
}

const PREVIEW_CHARS = 40;

/**
 * A reader's issues as one list of `file:line: reason`, in line order: the one flattening the CLI and
 * the report both print.
 */
export function lineIssues(file: string, issues: ReadIssues): LineIssue[] {
  const lines: LineIssue[] = issues.skipped.map(({ line, reason }) => ({ file, line, reason }));
  if (issues.torn) {
    const { text } = issues.torn;
    const preview = JSON.stringify(text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS)}…` : text);
    lines.push({
      file,
      line: issues.torn.line,
      reason: text.includes('\n')
        ? `torn last record ignored (a quoted cell opened here never closes, an unfinished write): ${preview}`
        : `torn last line ignored (no newline at the end, an unfinished write): ${preview}`,
    });
  }
  return lines.sort((a, b) => a.line - b.line);
}
