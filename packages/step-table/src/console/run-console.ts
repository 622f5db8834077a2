/**
 * The run console: table rows and log lines scroll while a progress bar (step/total, rate, ETA) stays
 * on the terminal's last line. On anything that is not a terminal: no bar, no control characters, only
 * the plain lines.
 *
 * The bar is cli-progress's MultiBar with one bar, because MultiBar.log() does exactly this (it writes
 * buffered lines above the bars at each redraw, at most `fps` times a second). Its SingleBar has no log().
 */
import cliProgress from 'cli-progress';

export interface RunConsoleOptions {
  /** Steps in the run (the bar's 100 %). */
  total: number;
  /** Default process.stdout. */
  stream?: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  /** First step value. Default 0. */
  start?: number;
  /** Redraws per second on a terminal. Default 10. */
  fps?: number;
  /** Force the bar on or off. Default: only when the stream is a terminal. */
  bar?: boolean;
  /** Unit shown after the rate. Default `steps/s`. */
  unit?: string;
}

export interface RunConsole {
  /** Prints a line (a table row, a log line) above the bar. */
  log(line: string): void;
  /** Moves the bar: to `step` when given, else one step on. */
  tick(step?: number): void;
  /** Prints what is buffered, leaves the final bar on its own line, restores the cursor. */
  close(): void;
  /** True when a bar is drawn. */
  readonly hasBar: boolean;
}

/** Steps per second over a sliding window of samples (at most 5 a second, so ticking stays cheap). */
class RateMeter {
  private readonly times: number[] = [];
  private readonly values: number[] = [];
  private lastTime = 0;
  private lastValue = 0;
  constructor(private readonly windowMs = 10_000) {}
  push(now: number, value: number): void {
    this.lastTime = now;
    this.lastValue = value;
    const n = this.times.length;
    if (n > 0 && now - this.times[n - 1]! < 200) return;
    this.times.push(now);
    this.values.push(value);
    if (this.times.length > 2 && now - this.times[0]! > this.windowMs) {
      this.times.shift();
      this.values.shift();
    }
  }
  rate(): number {
    if (this.times.length === 0) return 0;
    const dt = (this.lastTime - this.times[0]!) / 1000;
    return dt > 0 ? (this.lastValue - this.values[0]!) / dt : 0;
  }
}

export function formatRate(rate: number): string {
  if (!(rate > 0)) return '-';
  if (rate >= 100) return Math.round(rate).toString();
  if (rate >= 10) return rate.toFixed(1);
  return rate.toPrecision(2);
}

export function createRunConsole(options: RunConsoleOptions): RunConsole {
  const { total } = options;
  if (!(Number.isFinite(total) && total >= 0)) {
    throw new TypeError(`createRunConsole: total must be a finite number ≥ 0, got ${String(total)}`);
  }
  const stream = options.stream ?? process.stdout;
  const useBar = options.bar ?? stream.isTTY === true;
  let value = options.start ?? 0;
  let closed = false;

  if (!useBar) {
    return {
      hasBar: false,
      log(line) {
        if (!closed) stream.write(line.endsWith('\n') ? line : line + '\n');
      },
      tick(step) {
        value = step ?? value + 1;
      },
      close() {
        closed = true;
      },
    };
  }

  const unit = options.unit ?? 'steps/s';
  const multi = new cliProgress.MultiBar({
    stream: stream as NodeJS.WriteStream,
    fps: options.fps ?? 10,
    format: `{bar} {value}/{total} | {rate} ${unit} | ETA {eta_formatted} | {duration_formatted}`,
    barCompleteChar: '█',
    barIncompleteChar: '░',
    barsize: 30,
    // Leave no terminal state behind if the run is killed, and keep Ctrl-C working: no hidden cursor,
    // no disabled line wrapping (which would also visually cut rows wider than the terminal), and no
    // SIGINT/SIGTERM listener (cli-progress's gracefulExit would swallow the first Ctrl-C).
    hideCursor: false,
    linewrap: true,
    gracefulExit: false,
    clearOnComplete: false,
    stopOnComplete: false,
    etaBuffer: 50,
    autopadding: true,
  });
  const meter = new RateMeter();
  meter.push(Date.now(), value);
  const bar = multi.create(total, value, { rate: '-' });
  // Lines wait for the next redraw (at most 1/fps s). If the process ends without close() (an uncaught
  // error, process.exit), print them anyway: terminal writes are synchronous, so 'exit' still shows them.
  const flushOnExit = () => {
    if (!closed) multi.update();
  };
  process.once('exit', flushOnExit);
  return {
    hasBar: true,
    log(line) {
      if (!closed) multi.log(line.endsWith('\n') ? line : line + '\n');
    },
    tick(step) {
      if (closed) return;
      value = step ?? value + 1;
      meter.push(Date.now(), value);
      bar.update(value, { rate: formatRate(meter.rate()) });
    },
    close() {
      if (closed) return;
      closed = true;
      process.removeListener('exit', flushOnExit);
      multi.update(); // MultiBar.stop() drops lines still buffered: print them first
      multi.stop();
    },
  };
}
