// What @evidence/sources said while reading a run, as the report lists bad lines: file, line, reason.
import type { LineIssue } from './io.js';

/**
 * A run's issues as report issues. @evidence/sources names each "<file>:<line>: why", "<file>: byte
 * <n>: why" or "<file>: why"; the file is the run's path or a file inside it.
 */
export function sourceIssues(run: { path: string; issues: readonly string[] }): LineIssue[] {
  return run.issues.map((issue) => splitIssue(issue, run.path));
}

export function splitIssue(issue: string, path: string): LineIssue {
  const at = /^(.+?):(\d+): (.*)$/s.exec(issue);
  if (at && (at[1] as string).startsWith(path))
    return { file: at[1] as string, line: Number(at[2]), reason: at[3] as string };
  const whole = /^(.+?): (.*)$/s.exec(issue);
  if (whole && (whole[1] as string).startsWith(path))
    return { file: whole[1] as string, line: 0, reason: whole[2] as string };
  return { file: path, line: 0, reason: issue };
}
