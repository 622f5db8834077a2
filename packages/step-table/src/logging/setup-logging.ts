/**
 * The run log: a one-character level icon and the message on the console (above the progress bar when
 * the console is a RunConsole), and every message from DEBUG up in `<dir>/<YYYYMMDDTHHMMSS>_<runId>.log`
 * as `HH:mm:ss | LEVEL | message` (local time, like Python's logging).
 *
 * The file is written synchronously, line by line: a crash right after a message still leaves it on disk.
 */
import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { format } from 'node:util';
import { createColors } from 'picocolors';
import { colorByDefault } from '../console/color.js';
import { type FormatWarningHandler, setFormatWarningHandler } from '../format/warnings.js';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface LoggingOptions {
  /** Folder of the log file (created if missing). */
  dir: string;
  /** Where console lines go: a RunConsole (lines above its bar), any `{ log(line) }`, or false. Default stderr. */
  console?: { log(line: string): void } | false;
  /** Lowest level shown on the console. Default `info` (the file always gets DEBUG up). */
  consoleLevel?: LogLevel;
  /** Colour the icons. Default: `FORCE_COLOR` set (not `0`), else stdout is a terminal without `NO_COLOR`. */
  color?: boolean;
  /** Send formatValue's warnings to this log while it is open. Default true. */
  captureFormatWarnings?: boolean;
}

export interface RunLog {
  /** The log file. */
  readonly path: string;
  debug(...args: unknown[]): void;
  info(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
  close(): Promise<void>;
}

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };
const NAME: Record<LogLevel, string> = { debug: 'DEBUG', info: 'INFO', warn: 'WARNING', error: 'ERROR' };
const ICON: Record<LogLevel, string> = { debug: 'D', info: 'I', warn: 'W', error: 'E' };

const two = (n: number) => (n < 10 ? '0' : '') + n;

/** `YYYYMMDDTHHMMSS` in local time. */
export function fileStamp(d: Date): string {
  return `${d.getFullYear()}${two(d.getMonth() + 1)}${two(d.getDate())}T${two(d.getHours())}${two(d.getMinutes())}${two(d.getSeconds())}`;
}

function clock(d: Date): string {
  return `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}

export function setupLogging(runId: string, options: LoggingOptions): RunLog {
  if (typeof runId !== 'string' || runId.trim() === '') {
    throw new TypeError('setupLogging: runId must be a non-empty string');
  }
  if (typeof options?.dir !== 'string' || options.dir === '') {
    throw new TypeError('setupLogging: options.dir must be the folder for the log file');
  }
  // The run id becomes part of a file name: keep it to one safe path segment.
  const safeId = runId.replace(/[^A-Za-z0-9._-]+/g, '_');
  mkdirSync(options.dir, { recursive: true });
  const path = join(options.dir, `${fileStamp(new Date())}_${safeId}.log`);
  let fd: number | null = openSync(path, 'a');

  const sink =
    options.console === false
      ? null
      : (options.console ?? { log: (line: string) => process.stderr.write(line + '\n') });
  const consoleRank = RANK[options.consoleLevel ?? 'info'];
  const colors = createColors(options.color ?? colorByDefault(process.stdout.isTTY));
  const paintIcon: Record<LogLevel, (s: string) => string> = {
    debug: colors.dim,
    info: colors.cyan,
    warn: colors.yellow,
    error: (s) => colors.bold(colors.red(s)),
  };

  let fileFailed = false;
  let consoleFailed = false;
  const loud = (what: string, error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    try {
      process.stderr.write(`step-table: ${what} failed, continuing without it: ${message}\n`);
    } catch {
      // stderr itself is gone: nothing left to tell.
    }
  };

  function emit(level: LogLevel, args: unknown[]): void {
    const message = format(...args);
    const now = new Date();
    if (fd !== null && !fileFailed) {
      try {
        writeSync(fd, `${clock(now)} | ${NAME[level]} | ${message}\n`);
      } catch (error) {
        fileFailed = true;
        loud(`writing the run log ${path}`, error);
      }
    }
    if (sink !== null && RANK[level] >= consoleRank && !consoleFailed) {
      try {
        sink.log(`${paintIcon[level](ICON[level])} ${message}`);
      } catch (error) {
        consoleFailed = true;
        loud('the console log', error);
      }
    }
  }

  let previousHandler: FormatWarningHandler | null = null;
  if (options.captureFormatWarnings !== false) {
    previousHandler = setFormatWarningHandler((message) => emit('warn', [message]));
  }

  return {
    path,
    debug: (...args) => emit('debug', args),
    info: (...args) => emit('info', args),
    warn: (...args) => emit('warn', args),
    error: (...args) => emit('error', args),
    async close() {
      if (previousHandler !== null) {
        setFormatWarningHandler(previousHandler);
        previousHandler = null;
      }
      if (fd !== null) {
        const f = fd;
        fd = null;
        closeSync(f);
      }
    },
  };
}
