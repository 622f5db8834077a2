/**
 * Success rates of many runs: the episodes' outcomes (`is_success`, SB3's info keyword in monitor files and
 * EvalCallback's `successes`; `success`) at the end of each run, pooled per task and group, with the
 * Wilson score interval of the pooled proportion.
 */
import type { Run, Series } from '@evidence/sources';
import { wilson } from '@evidence/stats';

/** A metric holding one outcome per episode: `is_success`, `eval/is_success`, `charts/is_success`, `success`. */
const OUTCOME = /(^|\/)(is_success|success)$/;

export interface SuccessRate {
  task: string;
  group: string;
  /** The outcome metric, e.g. `is_success` or `eval/is_success`. */
  metric: string;
  runs: number;
  successes: number;
  episodes: number;
  rate: number;
  /** Wilson 95% interval of the pooled proportion (episodes taken as independent). */
  ci95: [number, number];
}

/**
 * Per task, group and outcome metric: the episodes logged at the end of each run — x ≥ (1 − final) × the
 * run's last x of that metric, the `--final` share — pooled over the group's runs. A series counts as
 * outcomes only when every value is 0 or 1 (booleans read as 1/0).
 */
export function successRates(runs: readonly Run[], final: number): SuccessRate[] {
  const pooled = new Map<string, SuccessRate>();
  for (const run of runs) {
    const seen = new Set<string>();
    for (const series of run.series) {
      if (!OUTCOME.test(series.metric) || seen.has(series.metric) || !isOutcome(series)) continue;
      seen.add(series.metric);
      const { successes, episodes } = finalOutcomes(series, final);
      if (episodes === 0) continue;
      const key = JSON.stringify([run.task, run.group, series.metric]);
      const row = pooled.get(key) ?? {
        task: run.task,
        group: run.group,
        metric: series.metric,
        runs: 0,
        successes: 0,
        episodes: 0,
        rate: Number.NaN,
        ci95: [Number.NaN, Number.NaN] as [number, number],
      };
      row.runs++;
      row.successes += successes;
      row.episodes += episodes;
      pooled.set(key, row);
    }
  }
  const rows = [...pooled.values()];
  for (const row of rows) {
    row.rate = row.successes / row.episodes;
    row.ci95 = wilson(row.successes, row.episodes);
  }
  return rows.sort((a, b) =>
    a.task === b.task
      ? a.group === b.group
        ? a.metric < b.metric
          ? -1
          : 1
        : a.group < b.group
          ? -1
          : 1
      : a.task < b.task
        ? -1
        : 1,
  );
}

const isOutcome = (series: Series): boolean =>
  series.values.length > 0 && series.values.every((v) => v === 0 || v === 1);

function finalOutcomes(series: Series, final: number): { successes: number; episodes: number } {
  let last = Number.NEGATIVE_INFINITY;
  for (const x of series.steps) if (x > last) last = x;
  const from = last - final * Math.abs(last);
  let successes = 0;
  let episodes = 0;
  series.steps.forEach((x, i) => {
    if (x < from) return;
    episodes++;
    successes += series.values[i] as number;
  });
  return { successes, episodes };
}

/** The lines `runs` prints: one table row per task, group and outcome. */
export function successTable(rows: readonly SuccessRate[], format: (n: number) => string): string[][] {
  return rows.map((r) => [
    r.task,
    r.group,
    r.metric,
    String(r.runs),
    `${r.successes}/${r.episodes}`,
    format(r.rate),
    `[${format(r.ci95[0])}, ${format(r.ci95[1])}]`,
  ]);
}
