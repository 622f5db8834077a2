/**
 * What the statistics take from a run.json (DESIGN.md: written by the trainer, every key optional):
 * `evaluation.paired` (or `evaluation.paired_start_states`), and per metric `better` ("higher" | "lower") and the possible range `min`/`max`.
 * A value of the wrong type is not fatal: it is ignored and named in the metrics' warnings.
 */
export type Better = 'higher' | 'lower';

export interface MetricInfo {
  better?: Better;
  min?: number;
  max?: number;
}

export interface RunStatsInfo {
  /** evaluation.paired, when the run says */
  paired?: boolean;
  /** metric or outcome name → what run.json says about it */
  metrics: Record<string, MetricInfo>;
  warnings: string[];
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The statistics' part of a parsed run.json (anything else in it is ignored here). */
export function runStatsInfo(run: unknown): RunStatsInfo {
  const info: RunStatsInfo = { metrics: {}, warnings: [] };
  if (!isObject(run)) return info;
  const bad = (where: string, expected: string, value: unknown) =>
    info.warnings.push(`run.json ${where}: expected ${expected}, got ${JSON.stringify(value)}; ignored`);
  const evaluation = isObject(run.evaluation) ? run.evaluation : {};
  // `paired_start_states` is the same statement in other words (the CartPole trainer writes it)
  for (const key of ['paired', 'paired_start_states']) {
    const value = evaluation[key];
    if (value === undefined || info.paired !== undefined) continue;
    if (typeof value === 'boolean') info.paired = value;
    else bad(`evaluation.${key}`, 'true or false', value);
  }
  if (run.metrics !== undefined && !isObject(run.metrics)) bad('metrics', 'an object', run.metrics);
  for (const [name, raw] of Object.entries(isObject(run.metrics) ? run.metrics : {})) {
    if (!isObject(raw)) {
      bad(`metrics.${name}`, 'an object', raw);
      continue;
    }
    const metric: MetricInfo = {};
    if (raw.better === 'higher' || raw.better === 'lower') metric.better = raw.better;
    else if (raw.better !== undefined) bad(`metrics.${name}.better`, '"higher" or "lower"', raw.better);
    for (const end of ['min', 'max'] as const) {
      const value = raw[end];
      if (typeof value === 'number' && Number.isFinite(value)) metric[end] = value;
      else if (value !== undefined) bad(`metrics.${name}.${end}`, 'a finite number', value);
    }
    if (metric.min !== undefined && metric.max !== undefined && metric.min > metric.max) {
      bad(`metrics.${name}`, 'min <= max', { min: metric.min, max: metric.max });
      delete metric.min;
      delete metric.max;
    }
    info.metrics[name] = metric;
  }
  return info;
}
