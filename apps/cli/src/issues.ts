import { type LineIssue, lineIssues } from '@evidence/csv-log';
import { type CliIo, printLine } from './io.js';
import { displayPath } from './paths.js';

export type { LineIssue };

/** Bad lines shown per file before the rest are only counted. */
export const ISSUES_SHOWN_PER_FILE = 5;

/**
 * Bad lines are never fatal: the first few of each file are printed to stderr as `file:line: reason`
 * (so an editor can jump to them), the rest counted in one line per file by `finish()`.
 */
export class IssuePrinter {
  readonly #io: CliIo;
  readonly #shown = new Map<string, number>();
  readonly #hidden = new Map<string, number>();

  constructor(io: CliIo) {
    this.#io = io;
  }

  print(issues: readonly LineIssue[]): void {
    for (const issue of issues) {
      const shown = this.#shown.get(issue.file) ?? 0;
      if (shown < ISSUES_SHOWN_PER_FILE) {
        this.#shown.set(issue.file, shown + 1);
        // line 0: the issue is the whole file's (not JSON, a column left out), never "file:0:"
        const where = issue.line > 0 ? `:${issue.line}` : '';
        printLine(this.#io.stderr, `${displayPath(this.#io, issue.file)}${where}: ${issue.reason}`);
      } else {
        this.#hidden.set(issue.file, (this.#hidden.get(issue.file) ?? 0) + 1);
      }
    }
  }

  /** One line per file whose bad lines were not all shown. */
  finish(): void {
    for (const [file, count] of this.#hidden) {
      const total = count + (this.#shown.get(file) ?? 0);
      printLine(
        this.#io.stderr,
        `${displayPath(this.#io, file)}: ${count} more bad line${count === 1 ? '' : 's'} not shown (${total} in all)`,
      );
    }
    this.#hidden.clear();
  }
}

/** Prints one command's bad lines, capped per file (see IssuePrinter). */
export function printIssues(io: CliIo, issues: readonly LineIssue[]): void {
  const printer = new IssuePrinter(io);
  printer.print(issues);
  printer.finish();
}

/** The one flattening of a reader's issues, shared with @evidence/report. */
export const fromReadIssues = lineIssues;

const ISSUES_SHOWN_PER_RUN = 5;

/**
 * What a run's reader did not read (a torn last line, a line skipped, a restart that dropped values):
 * the first few of each run on stderr, named from where the user stands, the rest counted, in the
 * reader's own words (a torn last line as `evidence table` says it). Never silent.
 */
export function printRunIssues(
  io: CliIo,
  root: string,
  runs: readonly { id: string; issues: readonly string[] }[],
  notDone: 'exported' | 'drawn' | 'shown',
): void {
  const where = displayPath(io, root);
  for (const run of runs) {
    for (const issue of run.issues.slice(0, ISSUES_SHOWN_PER_RUN))
      printLine(io.stderr, issue.startsWith(root) ? `${where}${issue.slice(root.length)}` : issue);
    const more = run.issues.length - ISSUES_SHOWN_PER_RUN;
    if (more > 0)
      printLine(
        io.stderr,
        `${run.id}: ${more} more line${more === 1 ? '' : 's'} not ${notDone}, not listed here`,
      );
  }
}
