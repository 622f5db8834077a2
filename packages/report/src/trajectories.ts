import { capText } from './cap-text.js';
import { writeTextAtomic } from './io.js';
import { escapeMarkdown, markdownCode } from './page/escape.js';
import { stepDetails } from './page/format.js';
import { pythonFloat, pythonRound, pythonText } from './python-format.js';
import { DEFAULT_REWARD_KEY, type EvalRecord, outcomeKeys, rewardOf, type Step, stepsOf } from './records.js';

export interface SampleTrajectoriesOptions {
  rewardKey?: string;
  /** Episodes shown on each side. Default 3. */
  episodes?: number;
  /** Steps shown per episode before `... (N more steps)`. Default 8. */
  steps?: number;
  /** Last steps shown after that, so a reader sees where the episode ended. Default 2. */
  lastSteps?: number;
  /** First line of the file. Default `# Sample trajectories (pre vs post training)`. */
  title?: string;
}

export interface SampleEpisode {
  reward: number;
  /** boolean outcomes in the episode's own key order */
  outcomes: [key: string, value: boolean][];
  /** the first steps */
  steps: Step[];
  /** steps after those (the reference file's "... (N more steps)") */
  moreSteps: number;
  /** the episode's last steps when not among the first ones (where it ended), with their index */
  lastSteps: { index: number; step: Step }[];
  totalSteps: number;
  record: EvalRecord;
}

export interface SampleTrajectories {
  worstPre: SampleEpisode[];
  bestPost: SampleEpisode[];
}

/** Worst pre-training and best post-training episodes (ties keep file order, as Python's sorted does). */
export function selectSampleTrajectories(
  pre: readonly EvalRecord[],
  post: readonly EvalRecord[],
  options: SampleTrajectoriesOptions = {},
): SampleTrajectories {
  const rewardKey = options.rewardKey ?? DEFAULT_REWARD_KEY;
  const count = options.episodes ?? 3;
  const stepLimit = options.steps ?? 8;
  const tail = options.lastSteps ?? 2;
  const isOutcome = outcomeKeys(pre, post, rewardKey).has;
  const ranked = (records: readonly EvalRecord[], direction: 1 | -1) =>
    records
      .map((record) => ({ record, reward: rewardOf(record, rewardKey) }))
      .filter((entry): entry is { record: EvalRecord; reward: number } => entry.reward !== undefined)
      .sort((a, b) => direction * (a.reward - b.reward))
      .slice(0, count)
      .map(({ record, reward }): SampleEpisode => {
        const steps = stepsOf(record);
        return {
          reward,
          outcomes: outcomesOf(record, isOutcome),
          steps: steps.slice(0, stepLimit),
          moreSteps: Math.max(0, steps.length - stepLimit),
          lastSteps: steps
            .map((step, index) => ({ index, step }))
            .slice(Math.max(stepLimit, steps.length - tail)),
          totalSteps: steps.length,
          record,
        };
      });
  return { worstPre: ranked(pre, 1), bestPost: ranked(post, -1) };
}

/** The record's boolean outcomes in its own key order (keys and a lookup: an episode can hold 300,000). */
function outcomesOf(record: EvalRecord, isOutcome: (key: string) => boolean): [string, boolean][] {
  const outcomes: [string, boolean][] = [];
  for (const key of Object.keys(record)) {
    const value = record[key];
    if (typeof value === 'boolean' && isOutcome(key)) outcomes.push([capText(key), value]);
  }
  return outcomes;
}

const rounded = (value: number | undefined): string =>
  value === undefined ? 'None' : pythonFloat(pythonRound(value, 4));

/** The most outcomes listed per episode: an episode can hold 300,000 booleans, a line of megabytes. */
export const MAX_OUTCOMES_LISTED = 12;

function episodeMarkdown(episode: SampleEpisode): string[] {
  const more = episode.outcomes.length - MAX_OUTCOMES_LISTED;
  const facts = [
    `**reward**: ${markdownCode(rounded(episode.reward))}`,
    ...episode.outcomes
      .slice(0, MAX_OUTCOMES_LISTED)
      .map(([key, value]) => `**${escapeMarkdown(key)}**: ${markdownCode(pythonText(value))}`),
    ...(more > 0
      ? [
          `… ${more.toLocaleString('en')} more outcome${more === 1 ? '' : 's'}, in the episode's line of its evaluation file`,
        ]
      : []),
  ];
  const lines = [`- ${facts.join(' ')}`];
  episode.steps.forEach((step, index) => {
    lines.push(
      `  - step ${index}: ${markdownCode(step.action)} → reward ${markdownCode(rounded(step.reward))}${
        // the step's other fields (a CartPole state); the reference trainer's steps have none
        step.details.length ? ` · ${escapeMarkdown(stepDetails(step.details))}` : ''
      }`,
    );
  });
  if (episode.moreSteps > 0) lines.push(`  - ... (${episode.moreSteps} more steps)`);
  lines.push('');
  return lines;
}

/** sample_trajectories.md text, in the reference trainer's format. */
export function formatSampleTrajectories(
  samples: SampleTrajectories,
  options: SampleTrajectoriesOptions = {},
): string {
  const lines = [
    options.title ?? '# Sample trajectories (pre vs post training)',
    '',
    '## Worst pre-training episodes',
    '',
    ...samples.worstPre.flatMap(episodeMarkdown),
    '## Best post-training episodes',
    '',
    ...samples.bestPost.flatMap(episodeMarkdown),
  ];
  return lines.join('\n');
}

/** Select, format and atomically write sample_trajectories.md; resolves to `outPath`. */
export async function writeSampleTrajectories(
  pre: readonly EvalRecord[],
  post: readonly EvalRecord[],
  outPath: string,
  options: SampleTrajectoriesOptions = {},
): Promise<string> {
  await writeTextAtomic(
    outPath,
    formatSampleTrajectories(selectSampleTrajectories(pre, post, options), options),
  );
  return outPath;
}
