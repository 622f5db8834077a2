import type { ReportResult } from '@evidence/report';
import type { Command } from 'commander';
import { bootstrapOptions } from '../bootstrap-defaults.js';
import { printFound } from '../discovery.js';
import { InputError, ReportedFailure } from '../errors.js';
import { type CliIo, printJson, printLine } from '../io.js';
import { printIssues } from '../issues.js';
import { displayPath, requireDir, resolvePath } from '../paths.js';
import { createProgress } from '../progress.js';

interface ReportOptions {
  rewardKey: string;
  resamples: number;
  seed?: number;
  title?: string;
  out?: string;
  inline?: boolean;
  json?: boolean;
  force?: boolean;
  keepOthers?: boolean;
}

export function defaultEvidenceDir(io: CliIo): string {
  return io.env.EVIDENCE_DIR || 'evidence';
}

export function reportCommand(command: Command, io: CliIo): void {
  bootstrapOptions(command)
    .description(
      'every plot, before/after statistics, index.html and REPORT.md for an evidence folder (or SB3, TensorBoard, W&B/CSV logs), written into DIR/report/',
    )
    .argument(
      '[dir]',
      'the evidence folder, or a folder of SB3 monitor/progress files, TensorBoard runs, W&B/CSV exports (default: $EVIDENCE_DIR or ./evidence)',
    )
    .option('--reward-key <key>', 'episode field compared before and after', 'cumulative_reward')
    .option('--title <text>', 'heading of the report (default: the run named by run.json, else the folder)')
    .option('-o, --out <dir>', 'folder the report is written to (default: DIR/report)')
    .option('--inline', 'one self-contained index.html: images and GIFs inside it (a bigger file)')
    .option('--json', 'print what was written, skipped and found as JSON')
    .option('--force', 'write over files in the report folder that evidence did not write')
    .option('--keep-others', 'leave files evidence did not write as they are and still exit 0')
    .addHelpText(
      'after',
      `
The report never writes over a file it did not write itself (it knows its own by content, so a copy,
a checkout or a touch keeps them its own): such a file is left as it is, named, and the exit code is 1
unless --keep-others (or --force, which replaces it).
It also charts what other trainers wrote under DIR: SB3 *monitor.csv (episode reward and length) and
progress.csv, TensorBoard event files (every scalar tag, grouped by prefix), W&B and other CSV exports.
A folder of runs (evidence runs such as \`pnpm seeds\` writes, other trainers' runs, or a mix) gets one
chart per metric with a line per run.
A folder with nothing to report (no log, no evaluation, no curve, no GIF) exits 1 and writes nothing.

Examples:
  $ evidence report runs/ppo-42/evidence            # writes runs/ppo-42/evidence/report/index.html
  $ evidence report evidence --inline -o share/      # one file to send: share/index.html
  $ evidence report logs/ppo_cartpole               # SB3's monitor.csv and progress.csv
  $ evidence report runs                            # pnpm seeds' evidence runs: one overlay per metric
  $ evidence report runs/CartPole-v1__ppo__1__1700000000   # a CleanRL TensorBoard run
  $ evidence report --json > report.json`,
    )
    .action(async (dirArg: string | undefined, options: ReportOptions) => {
      const dir = resolvePath(io, dirArg ?? defaultEvidenceDir(io));
      await requireDir(
        io,
        dir,
        dirArg === undefined ? ' (give the evidence folder, or set EVIDENCE_DIR)' : '',
      );
      const progress = createProgress(io, { quiet: options.json === true });
      const { buildReport, NothingToReportError } = await import('@evidence/report');
      let result: ReportResult;
      try {
        result = await buildReport(dir, {
          rewardKey: options.rewardKey,
          resamples: options.resamples,
          ...(options.seed === undefined ? {} : { seed: options.seed }),
          ...(options.title === undefined ? {} : { title: options.title }),
          ...(options.out === undefined ? {} : { out: resolvePath(io, options.out) }),
          ...(options.inline ? { inline: true } : {}),
          ...(options.force ? { force: true } : {}),
          onProgress: (done, total, what) => progress.update(done, total, what),
        });
      } catch (error) {
        if (error instanceof NothingToReportError) {
          const unreadable = error.unreadable.length > 0 ? ` readable: ${error.unreadable.join('; ')}` : '';
          throw new InputError(
            displayPath(io, dir),
            `nothing to report (looked for ${error.lookedFor.join(', ')}; found none${unreadable}); nothing written`,
          );
        }
        throw error;
      } finally {
        progress.stop();
      }
      if (options.json) {
        printJson(io.stdout, result);
        printIssues(io, result.issues); // warnings go to stderr, always: stdout stays one JSON document
        failIfRefused(io, result, options);
        return;
      }
      if (result.discovery) await printFound(io, displayPath(io, dir), result.discovery);
      if (result.sources) printLine(io.stdout, result.sources);
      for (const file of result.written) printLine(io.stdout, `wrote   ${displayPath(io, file)}`);
      for (const skip of result.skipped) printLine(io.stdout, `skipped ${skip.what}: ${skip.why}`);
      printIssues(io, result.issues);
      // a note (text columns, a TensorBoard image, a restart, a complete last line kept, a table's value
      // its event files copy) is no bad line
      const notes = result.issues.filter((issue) => NOTE.test(issue.reason)).length;
      const badLines = result.issues.length - notes;
      printLine(
        io.stdout,
        `${result.written.length} written, ${result.skipped.length} skipped, ${badLines} bad line${badLines === 1 ? '' : 's'}` +
          `${notes > 0 ? `, ${notes} note${notes === 1 ? '' : 's'}` : ''} · open ${displayPath(io, result.page)}`,
      );
      failIfRefused(io, result, options);
    });
}

/**
 * An input not read (a FIFO) is bad input: exit 1. A file left as it was is a write not done: exit 1,
 * unless asked for with --keep-others.
 */
function failIfRefused(io: CliIo, result: ReportResult, options: ReportOptions): void {
  if (result.notRead.length > 0) {
    const names = result.notRead.map((path) => displayPath(io, path)).join(', ');
    printLine(io.stderr, `evidence: ${names}: not a regular file; not read`);
    throw new ReportedFailure(`${result.notRead.length} inputs not read`, 1);
  }
  const refused = result.refused.length;
  if (refused === 0 || options.keepOthers) return;
  const first = displayPath(io, result.refused[0] as string);
  printLine(
    io.stderr,
    `evidence: ${first}${refused > 1 ? ` and ${refused - 1} more` : ''}: not written by evidence, left as ${refused > 1 ? 'they are' : 'it is'} (--force replaces them, --keep-others exits 0, -o writes elsewhere)`,
  );
  throw new ReportedFailure(`${refused} files not written`, 1);
}

/** What a reader says that is no line left unread: a remark on what it read and how. */
const NOTE =
  /text columns \(not charted\)|\(not scalars\)|read as data|the run restarted|no SessionLog START|summarise the seeds|also logged in .*: read from|left out as missing|NUL bytes at the end/;
