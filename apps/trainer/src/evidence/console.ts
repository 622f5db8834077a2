import { createRunConsole, StepTable, setupLogging } from '@evidence/step-table';

/** One update's numbers as the step table shows them. */
export interface UpdateRow {
  update: number;
  episodes: number;
  reward: number;
  reward_std: number;
  solved: number;
  loss: number;
  kl: number;
  grad_norm: number;
  entropy: number;
  lr: number;
  time: number;
}

const COLUMNS = [
  {
    key: 'update',
    header: 'update',
    format: 'd',
    width: 6,
    description: 'PPO update (training_log.csv step)',
  },
  { key: 'episodes', header: 'episodes', format: 'd', width: 8, description: 'training episodes so far' },
  {
    key: 'reward',
    header: 'reward',
    format: '.1f',
    width: 7,
    description: 'mean episode return of the batch',
  },
  { key: 'reward_std', header: '±std', format: '.1f', width: 6, description: 'its standard deviation' },
  {
    key: 'solved',
    header: 'solved',
    format: '.0%',
    width: 6,
    description: 'batch episodes that reached the time limit',
  },
  {
    key: 'loss',
    header: 'loss',
    format: '.3g',
    width: 8,
    description: 'PPO loss (surrogate + 0.5·value MSE)',
  },
  { key: 'kl', header: 'kl', format: '.2e', width: 9, description: 'KL(old ‖ new policy) on the batch' },
  {
    key: 'grad_norm',
    header: '|grad|',
    format: '.3f',
    width: 7,
    description: 'policy gradient norm before clipping',
  },
  {
    key: 'entropy',
    header: 'entropy',
    format: '.3f',
    width: 7,
    description: 'policy entropy (nats; ln 2 = 0.693 is uniform)',
  },
  { key: 'lr', header: 'lr', format: '.2e', width: 9, description: 'policy learning rate (linear decay)' },
  { key: 'time', header: 'time', format: '.1f', width: 6, description: 'seconds since training started' },
];

/**
 * What the person at the terminal sees (the step table above a progress bar) and the run log on disk
 * (`<dir>/<time>_<runId>.log`). With `quiet`, nothing reaches the terminal, but the log is written.
 */
export class RunView {
  private readonly table = new StepTable({ columns: COLUMNS, repeatHeaderEvery: 20 });
  private readonly console: ReturnType<typeof createRunConsole> | null;
  private readonly logging: ReturnType<typeof setupLogging>;

  constructor(options: { runId: string; dir: string; totalUpdates: number; quiet: boolean }) {
    this.console = options.quiet
      ? null
      : createRunConsole({ total: options.totalUpdates, unit: 'updates/s' });
    this.logging = setupLogging(options.runId, { dir: options.dir, console: this.console ?? false });
  }

  get logPath(): string {
    return this.logging.path;
  }

  /** A line for the run log and the terminal. */
  info(line: string): void {
    this.logging.info(line);
  }

  /** A problem worth surfacing once, loudly, without stopping the run. */
  warn(line: string): void {
    this.logging.warn(line);
  }

  /** Prints the legend and the table header. */
  begin(): void {
    this.console?.log(this.table.legend());
    this.console?.log(this.table.header());
  }

  /** One update: a table row on the terminal, the same numbers in the run log. */
  row(row: UpdateRow): void {
    const cells = row as unknown as Record<string, unknown>;
    this.logging.debug(
      Object.entries(cells)
        .map(([k, v]) => `${k}=${v}`)
        .join(' '),
    );
    if (this.console) {
      this.console.log(this.table.row(cells));
      this.console.tick(row.update);
    }
  }

  async close(): Promise<void> {
    this.console?.close();
    await this.logging.close();
  }
}
