import { join, relative } from 'node:path';
import type { TrainResult } from './train.js';

const f1 = (n: number) => n.toFixed(1);
const count = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** The closing lines: where the report is, and mean reward before → after with its 95% interval. */
export function headline(result: TrainResult, where: string): string {
  const lines: string[] = [];
  const delta = result.post.meanReward - result.pre.meanReward;
  const ci = result.metrics?.ci95['mean_reward'];
  lines.push(
    `mean reward before → after: ${f1(result.pre.meanReward)} → ${f1(result.post.meanReward)} ` +
      `(Δ ${delta >= 0 ? '+' : ''}${f1(delta)}${ci ? `, 95% CI [${f1(ci[0])}, ${f1(ci[1])}]` : ''}; ` +
      `${count(result.pre.episodes, 'episode')} each; reached the time limit: ` +
      `${pct(result.pre.successRate)} → ${pct(result.post.successRate)})`,
  );
  if (result.report) {
    const page = relative(result.dir, result.report.page);
    lines.push(`report: ${join(where, page)} (and REPORT.md beside it)`);
  } else lines.push(`evidence: ${where} (no report built)`);
  lines.push(
    `${count(result.updates, 'update')}, ${count(result.trainingEpisodes, 'training episode')}, ${f1(result.wallTimeS)} s in all`,
  );
  if (result.problems.length > 0) {
    lines.push(`${result.problems.length} logging problem(s), see ${result.runLog}:`);
    for (const p of result.problems) lines.push(`  - ${p}`);
  }
  return lines.join('\n');
}

const pct = (r: number) => `${Math.round(r * 100)}%`;
