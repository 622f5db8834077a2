/**
 * Every call into @evidence/plots, in one module, typed by the shared contract. Reached through the
 * namespace so a renderer the installed plots version lacks is reported as skipped, not a crash.
 */
import * as plots from '@evidence/plots';
import type { LoadedCsvLog } from './io.js';
import type { EvalRecord } from './records.js';

export interface BeforeAfterSummary {
  pre: Record<string, number>;
  post: Record<string, number>;
  delta: Record<string, number>;
  ci95?: Record<string, [number, number]>;
}

interface PlotsContract {
  renderTrainingCurve(csv: string | LoadedCsvLog, out: string): Promise<string>;
  renderRewardComponents(csv: string | LoadedCsvLog, out: string): Promise<string>;
  renderCheckpointProgression(csv: string | LoadedCsvLog, out: string): Promise<string>;
  renderBeforeAfter(
    pre: EvalRecord[],
    post: EvalRecord[],
    out: string,
    options?: { summary?: BeforeAfterSummary; rewardKey?: string },
  ): Promise<string>;
  renderRewardDistribution(
    pre: EvalRecord[],
    post: EvalRecord[],
    out: string,
    options?: { rewardKey?: string },
  ): Promise<string>;
}

export type RendererName = keyof PlotsContract;

/** The renderer, or null when the installed @evidence/plots does not provide it. */
export function renderer<K extends RendererName>(name: K): PlotsContract[K] | null {
  const value = (plots as unknown as Partial<PlotsContract>)[name];
  return typeof value === 'function' ? (value as PlotsContract[K]) : null;
}
