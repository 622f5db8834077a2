// The reference trainer's TrainingCurveRecorder: per-episode reward, moving average, exploration and
// extra metrics; a history JSON checkpoint every N episodes; charts and the final history on save().
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { type RewardHistory, readRewardHistory } from '@evidence/csv-log';
import { checkNamePart, pushAll } from '@evidence/node-kit';
import type { Chart, Panel } from './chart.js';
import { PALETTE } from './chart.js';
import { readEvidenceEnv, writeFileAtomic } from './data.js';
import { stringifyJsonWithNaN } from './json-nan.js';
import { movingAverage } from './moving-average.js';
import { renderChart } from './render.js';

export interface CurveRecorderOptions {
  /** folder of this mode's curves, e.g. `evidence/curves/train` */
  dir: string;
  /** run mode, the file-name prefix (`train` → `train_reward_curve.png`) */
  mode: string;
  /** moving-average window (default 20) */
  averageWindow?: number;
  /** write `<mode>_reward_history_checkpoint.json` every N episodes (default 10; 0 = never) */
  checkpointEvery?: number;
  /** called once per distinct failure to write a checkpoint, chart or history file (default: console.warn) */
  onError?: (error: Error) => void;
}

/** The history JSON, with the reference trainer's key names. */

/** metric keys that feed the exploration chart instead of a chart of their own */
const EPSILON_KEYS = ['epsilon'];
const OPTION_KEYS = ['options', 'option_count', 'option'];

export class CurveRecorder {
  readonly dir: string;
  readonly mode: string;
  readonly averageWindow: number;
  readonly checkpointEvery: number;
  private readonly rewards: number[] = [];
  private readonly averages: number[] = [];
  private readonly epsilons: number[] = [];
  private readonly options: number[] = [];
  private readonly metrics = new Map<string, number[]>();
  private readonly onError: (error: Error) => void;
  private checkpointing: Promise<void> | null = null;
  private checkpointAgain = false;
  private lastError: string | null = null;

  constructor(options: CurveRecorderOptions) {
    this.dir = options.dir;
    this.mode = options.mode;
    this.averageWindow = options.averageWindow ?? 20;
    this.checkpointEvery = options.checkpointEvery ?? 10;
    this.onError =
      options.onError ??
      ((error) => console.warn(`@evidence/plots: a curve file was not written: ${error.message}`));
    checkNamePart(this.mode, 'CurveRecorder mode');
  }

  /** Reads a history JSON (ours or the Python trainer's, which contains NaN) and continues from it. */
  static async fromHistory(path: string, options: CurveRecorderOptions): Promise<CurveRecorder> {
    const history = await readRewardHistory(path);
    const recorder = new CurveRecorder({ averageWindow: history.average_window, ...options });
    pushAll(recorder.rewards, history.reward_history);
    pushAll(recorder.averages, history.average_history);
    pushAll(recorder.epsilons, history.epsilon_history);
    pushAll(recorder.options, history.option_history);
    for (const [k, v] of Object.entries(history.metric_histories)) recorder.metrics.set(k, [...v]);
    return recorder;
  }

  get episodes(): number {
    return this.rewards.length;
  }

  /**
   * Records one episode. `avgReward` defaults to the moving average over `averageWindow` episodes
   * (non-finite rewards ignored). `metrics.epsilon` and `metrics.options` feed the exploration chart;
   * every other metric gets a chart of its own and is padded with NaN before its first value.
   * Never throws for bad numbers: a non-finite value is recorded as a gap. As in the reference
   * trainer, the charts' x axis is the index of the logged episode (`episode` is not stored).
   */
  logEpisode(
    _episode: number,
    reward: number,
    avgReward?: number,
    metrics: Record<string, number> = {},
  ): void {
    const n = this.rewards.length;
    this.rewards.push(toNumber(reward));
    this.averages.push(
      avgReward !== undefined && avgReward !== null ? toNumber(avgReward) : this.trailingAverage(),
    );
    let epsilon = Number.NaN;
    let option = Number.NaN;
    for (const [key, value] of Object.entries(metrics)) {
      if (EPSILON_KEYS.includes(key)) epsilon = toNumber(value);
      else if (OPTION_KEYS.includes(key)) option = toNumber(value);
      else {
        let history = this.metrics.get(key);
        if (!history) {
          history = new Array<number>(n).fill(Number.NaN);
          this.metrics.set(key, history);
        }
        history.push(toNumber(value));
      }
    }
    this.epsilons.push(epsilon);
    this.options.push(option);
    // metrics not given this episode stay aligned with a NaN
    for (const history of this.metrics.values()) if (history.length === n) history.push(Number.NaN);
    if (this.checkpointEvery > 0 && this.rewards.length % this.checkpointEvery === 0) this.checkpoint();
  }

  private trailingAverage(): number {
    const w = this.averageWindow;
    let sum = 0;
    let count = 0;
    for (let i = Math.max(0, this.rewards.length - w); i < this.rewards.length; i++) {
      const v = this.rewards[i] as number;
      if (Number.isFinite(v)) {
        sum += v;
        count++;
      }
    }
    return count > 0 ? sum / count : Number.NaN;
  }

  /** The history as the reference trainer writes it. */
  history(): RewardHistory {
    let best: number | null = null;
    for (const r of this.rewards) if (Number.isFinite(r) && (best === null || r > best)) best = r;
    const lastFinite = (a: number[]) => {
      for (let i = a.length - 1; i >= 0; i--) if (Number.isFinite(a[i] as number)) return a[i] as number;
      return null;
    };
    return {
      average_window: this.averageWindow,
      episodes: this.rewards.length,
      reward_history: [...this.rewards],
      average_history: [...this.averages],
      epsilon_history: [...this.epsilons],
      option_history: [...this.options],
      metric_histories: Object.fromEntries([...this.metrics].map(([k, v]) => [k, [...v]])),
      best_reward: best,
      final_reward: lastFinite(this.rewards),
      final_average: lastFinite(this.averages),
    };
  }

  get historyPath(): string {
    return join(this.dir, `${this.mode}_reward_history.json`);
  }

  get checkpointPath(): string {
    return join(this.dir, `${this.mode}_reward_history_checkpoint.json`);
  }

  /** Writes the checkpoint JSON in the background: one write at a time, the latest state wins. */
  private checkpoint(): void {
    if (this.checkpointing) {
      this.checkpointAgain = true;
      return;
    }
    const write = async () => {
      do {
        this.checkpointAgain = false;
        await mkdir(this.dir, { recursive: true });
        await writeFileAtomic(
          this.checkpointPath,
          stringifyJsonWithNaN({ ...this.history(), checkpoint: true }),
        );
      } while (this.checkpointAgain);
    };
    this.checkpointing = write()
      .catch((error: Error) => {
        // surface each distinct failure once; a training run never dies of a chart
        if (error.message !== this.lastError) this.onError(error);
        this.lastError = error.message;
      })
      .finally(() => {
        this.checkpointing = null;
      });
  }

  /** Waits for a background checkpoint write, if one is running. */
  async flush(): Promise<void> {
    while (this.checkpointing) await this.checkpointing;
  }

  /** The charts `save()` writes, by file stem. */
  charts(): Map<string, Chart> {
    const x = Float64Array.from(this.rewards, (_, i) => i);
    const rewards = Float64Array.from(this.rewards);
    const averages = Float64Array.from(this.averages);
    const charts = new Map<string, Chart>();
    const window = this.averageWindow;
    charts.set(`${this.mode}_reward_curve`, {
      title: `${this.mode}: reward over episodes`,
      xLabel: 'episode',
      integerX: true,
      panels: [
        {
          yLabel: 'reward',
          series: [
            { type: 'line', label: 'reward', x, y: rewards, color: PALETTE.blue, width: 1.2, alpha: 0.35 },
            { type: 'line', label: `average (${window})`, x, y: averages, color: PALETTE.blue, width: 2.6 },
          ],
          emptyMessage: 'no data: no episode logged yet',
        },
      ],
    });
    // Only the panels with data: a policy-gradient run logs no epsilon, a flat policy no options.
    const epsilon = Float64Array.from(this.epsilons);
    const options = Float64Array.from(this.options);
    const statePanels: Panel[] = [];
    if (hasFinite(epsilon)) {
      statePanels.push({
        yLabel: 'epsilon',
        series: [{ type: 'line', x, y: epsilon, color: PALETTE.orange, width: 2 }],
      });
    }
    if (hasFinite(options)) {
      statePanels.push({
        yLabel: 'options',
        integerY: true,
        series: [{ type: 'line', x, y: options, color: PALETTE.teal, width: 2 }],
      });
    }
    // A chart with nothing logged in it is not drawn at all: it would tell the reader nothing.
    if (statePanels.length > 0) {
      charts.set(`${this.mode}_training_state`, {
        title: `${this.mode}: exploration and option count`,
        xLabel: 'episode',
        integerX: true,
        panels: statePanels,
      });
    }
    const stems = metricStems([...this.metrics.keys()]);
    for (const [name, values] of this.metrics) {
      const y = Float64Array.from(values);
      charts.set(`${this.mode}_${stems.get(name)}`, {
        title: `${this.mode}: ${name.replaceAll('_', ' ')}`,
        xLabel: 'episode',
        integerX: true,
        panels: [
          {
            yLabel: name,
            series: [
              { type: 'line', label: name, x, y, color: PALETTE.purple, width: 1.2, alpha: 0.35 },
              {
                type: 'line',
                label: `average (${window})`,
                x,
                y: movingAverage(y, window),
                color: PALETTE.purple,
                width: 2.4,
              },
            ],
            emptyMessage: `no finite value of ${name} yet`,
          },
        ],
      });
    }
    return charts;
  }

  /**
   * Writes every chart as SVG and PNG, and the history JSON; resolves to the paths written. Like the log
   * and GIF writers, it never rejects into the training run: a file that cannot be written (a full
   * disk) is reported to `onError` (each distinct failure once), the earlier file of that name is kept
   * whole, and the other files are still written. The history JSON goes first: it is the data.
   */
  async save(): Promise<string[]> {
    await this.flush();
    const written: string[] = [];
    const attempt = async (write: () => Promise<string>): Promise<void> => {
      try {
        written.push(await write());
      } catch (error) {
        const failure = error instanceof Error ? error : new Error(String(error));
        if (failure.message !== this.lastError) this.onError(failure);
        this.lastError = failure.message;
      }
    };
    await attempt(async () => {
      await mkdir(this.dir, { recursive: true });
      await writeFileAtomic(this.historyPath, stringifyJsonWithNaN(this.history()));
      return this.historyPath;
    });
    for (const [stem, chart] of this.charts())
      for (const ext of ['svg', 'png'])
        await attempt(() => renderChart(chart, join(this.dir, `${stem}.${ext}`)));
    return written;
  }
}

/** File stems of this recorder's own files: no metric may take one. */
const OWN_STEMS = ['reward_curve', 'training_state', 'reward_history', 'reward_history_checkpoint'];

/**
 * Each metric's file stem. A name is free text ('losses/value'): its stem keeps letters, digits, '_',
 * '-', '.'. Stems never collide, with the recorder's own files or with each other (compared without
 * case, as macOS and Windows do): a metric whose name is already a valid stem keeps it, and a name
 * that had to change, or is taken, gets `_2`, `_3`, … (`losses/value` → `losses_value_2` beside a
 * `losses_value` metric; a `reward_curve` metric → `reward_curve_2`).
 */
export function metricStems(names: readonly string[]): Map<string, string> {
  const taken = new Set(OWN_STEMS);
  const stems = new Map<string, string>();
  const claim = (name: string, base: string) => {
    let stem = base;
    for (let n = 2; taken.has(stem.toLowerCase()); n++) stem = `${base}_${n}`;
    taken.add(stem.toLowerCase());
    stems.set(name, stem);
  };
  const safe = (name: string) => name.replace(/[^\w.-]/g, '_');
  for (const name of names) if (safe(name) === name && name !== '') claim(name, name);
  for (const name of names) if (!stems.has(name)) claim(name, safe(name) || 'metric');
  return stems;
}

function toNumber(v: unknown): number {
  return typeof v === 'number' ? v : Number.NaN;
}

function hasFinite(a: Float64Array): boolean {
  return a.some(Number.isFinite);
}

export interface CurveRecorderFromEnvOptions {
  averageWindow?: number;
  prefix?: string;
  env?: Record<string, string | undefined>;
}

/**
 * A CurveRecorder configured from the environment (`<PREFIX>CURVE_DIR`, `<PREFIX>CURVE_CHECKPOINT_EVERY`,
 * `<PREFIX>DISABLE_CURVES`, rank), or null when curves are off for this process.
 */
export function curveRecorderFromEnv(
  mode: string,
  options: CurveRecorderFromEnvOptions = {},
): CurveRecorder | null {
  const env = readEvidenceEnv({ prefix: options.prefix, env: options.env });
  if (!env.curves.enabled) return null;
  return new CurveRecorder({
    dir: join(env.curves.dir, mode),
    mode,
    averageWindow: options.averageWindow,
    checkpointEvery: env.curves.checkpointEvery,
  });
}
