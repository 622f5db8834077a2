import { Command, CommanderError } from 'commander';
import { compareCommand } from './commands/compare.js';
import { completionCommand } from './commands/completion.js';
import { envCommand } from './commands/env.js';
import { exportCommand } from './commands/export.js';
import { gifCommand } from './commands/gif.js';
import { importCommand } from './commands/import.js';
import { plotCommand } from './commands/plot.js';
import { reportCommand } from './commands/report.js';
import { runsCommand } from './commands/runs.js';
import { tableCommand } from './commands/table.js';
import { watchCommand } from './commands/watch.js';
import { describeError, ReportedFailure, UsageError } from './errors.js';
import { type CliIo, escapeLines, printLine } from './io.js';
import { displayPath, resolvePath } from './paths.js';
import { packageVersion } from './version.js';

export const EXIT_OK = 0;
export const EXIT_BAD_INPUT = 1;
export const EXIT_BAD_USAGE = 2;

export { runsUntilInterrupted } from './interrupt.js';

/**
 * Runs `evidence <argv…>` and resolves to its exit code. Never calls process.exit, so tests (and other
 * programs) can call it in-process with their own streams.
 */
export async function run(argv: readonly string[], overrides: Partial<CliIo> = {}): Promise<number> {
  const io: CliIo = {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    cwd: process.cwd(),
    signal: new AbortController().signal,
    ...overrides,
  };
  const program = createProgram(io);
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return EXIT_OK;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT_OK : EXIT_BAD_USAGE; // commander printed it
    if (error instanceof ReportedFailure) return error.exitCode;
    if (error instanceof UsageError) {
      printLine(io.stderr, `evidence: ${error.message}`);
      printLine(io.stderr, `Run 'evidence ${commandName(argv)}--help' for usage.`);
      return EXIT_BAD_USAGE;
    }
    const out = outputOption(argv);
    const context = {
      out: out === undefined ? undefined : resolvePath(io, out),
      show: (path: string) => displayPath(io, path),
    };
    printLine(io.stderr, `evidence: ${describeError(error, context)}`);
    if (argv.includes('--debug') && error instanceof Error && error.stack) printLine(io.stderr, error.stack);
    return EXIT_BAD_INPUT;
  }
}

/** The `-o`/`--out` value, so a failed write names the file the user asked for. */
function outputOption(argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '-o' || arg === '--out') return argv[i + 1];
    if (arg.startsWith('--out=')) return arg.slice('--out='.length);
    if (/^-o./.test(arg)) return arg.slice(2);
  }
  return undefined;
}

function commandName(argv: readonly string[]): string {
  const name = argv.find((arg) => !arg.startsWith('-'));
  return name ? `${name} ` : '';
}

export function createProgram(io: CliIo): Command {
  const program = new Command('evidence')
    .description(
      'Evidence that a trainer learned: charts, before/after statistics and one report from an evidence folder.',
    )
    .version(packageVersion(), '-V, --version', 'print the version')
    .option('--debug', 'print stack traces of errors')
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      // an unknown command or option is echoed back: its escapes are shown, never sent to the terminal
      outputError: (text, write) => write(escapeLines(`evidence: ${text.replace(/^error: /, '')}`)),
    })
    .showHelpAfterError()
    .exitOverride();
  const commands: [string, (command: Command, io: CliIo) => void][] = [
    ['report', reportCommand],
    ['plot', plotCommand],
    ['compare', compareCommand],
    ['table', tableCommand],
    ['gif', gifCommand],
    ['watch', watchCommand],
    ['env', envCommand],
    ['runs', runsCommand],
    ['import', importCommand],
    ['export', exportCommand],
    ['completion', completionCommand],
  ];
  // `program.command()` (not addCommand) so each command inherits the output routing and exitOverride.
  for (const [name, define] of commands) define(program.command(name), io);
  return program;
}
