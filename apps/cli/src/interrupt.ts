// What bin.ts (the main thread, which handles signals) and the command's thread share; nothing else,
// so the main thread loads none of the commands.

/** `watch` and `table --follow` run until interrupted: bin.ts lets them stop cleanly on Ctrl-C (exit 0). */
export function runsUntilInterrupted(argv: readonly string[]): boolean {
  const command = argv.find((arg) => !arg.startsWith('-'));
  return command === 'watch' || (command === 'table' && (argv.includes('--follow') || argv.includes('-f')));
}

/** What bin.ts tells the command's thread: the arguments, and what the real streams are. */
export interface CommandThreadData {
  argv: string[];
  stdout: { isTTY: boolean; columns: number | undefined; rows: number | undefined };
  stderr: { isTTY: boolean; columns: number | undefined; rows: number | undefined };
}

/** The message bin.ts posts on Ctrl-C to a command that runs until interrupted. */
export const INTERRUPT = 'interrupt';
