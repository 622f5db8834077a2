// Re-renders a chart while its CSV grows: at most once per interval, never more than one render at
// a time, from timers (a logger's append never waits for it), each output replaced atomically.
import { stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { renderCheckpointProgression } from './charts/checkpoint-progression.js';
import { renderRewardComponents } from './charts/reward-components.js';
import { renderTrainingCurve } from './charts/training-curve.js';

export type LiveChart =
  | 'training-curve'
  | 'reward-components'
  | 'checkpoint-progression'
  | ((csvPath: string, out: string) => Promise<string>);

export interface LivePlotOptions {
  /** minimum time between two renders (default 2000 ms) */
  intervalMs?: number;
  /** output file (.png/.svg/.pdf); default: the standard file name beside the CSV */
  out?: string;
  /** called with each render failure (default: console.warn once per distinct message) */
  onError?: (error: Error) => void;
  /** called after each successful render */
  onRender?: (out: string) => void;
}

const NAMED: Record<
  Exclude<LiveChart, (...a: never[]) => unknown>,
  [(csv: string, out: string) => Promise<string>, string]
> = {
  'training-curve': [renderTrainingCurve, 'training_curve.png'],
  'reward-components': [renderRewardComponents, 'reward_components.png'],
  'checkpoint-progression': [renderCheckpointProgression, 'checkpoint_progression.png'],
};

export interface LivePlot {
  /** Stops watching; renders once more if the CSV changed since the last render. */
  stop(): Promise<void>;
}

export function livePlot(csvPath: string, chart: LiveChart, options: LivePlotOptions = {}): LivePlot {
  const [render, defaultName] =
    typeof chart === 'function' ? [chart, `${basename(csvPath).replace(/\.[^.]*$/, '')}.png`] : NAMED[chart];
  if (!render) throw new Error(`livePlot: unknown chart "${String(chart)}"`);
  const out = options.out ?? join(dirname(csvPath), defaultName as string);
  const interval = Math.max(50, options.intervalMs ?? 2000);
  let lastError = '';
  const onError =
    options.onError ??
    ((error: Error) => {
      if (error.message !== lastError) console.warn(`@evidence/plots: live chart ${out}: ${error.message}`);
      lastError = error.message;
    });

  let renderedVersion = ''; // size:mtime of the CSV at the last render
  let running: Promise<void> | null = null;
  let stopped = false;

  const version = async () => {
    try {
      const s = await stat(csvPath);
      return `${s.size}:${s.mtimeMs}`;
    } catch {
      return ''; // not created yet
    }
  };

  const tick = async () => {
    const v = await version();
    if (v === '' || v === renderedVersion) return;
    try {
      await render(csvPath, out);
      renderedVersion = v;
      options.onRender?.(out);
    } catch (error) {
      onError(error as Error);
    }
  };

  const timer = setInterval(() => {
    if (running || stopped) return; // never two renders at once; a slow render skips ticks
    running = tick().finally(() => {
      running = null;
    });
  }, interval);
  timer.unref(); // a live chart never keeps a finished process alive
  // first render soon after start
  running = tick().finally(() => {
    running = null;
  });

  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      while (running) await running;
      await tick();
    },
  };
}
