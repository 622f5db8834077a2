/**
 * Which column is a run's x and which its y, from a vocabulary compared after normalising case and
 * separators (`/ _ . - space`): `Time Steps`, `time/total_timesteps`, `TotalEnvInteracts` and `_step`
 * are found whatever the writer's spelling. Each choice says why, for the one-line summary.
 */

/** `Time Steps` → `timesteps`, `time/total_timesteps` → `timetotaltimesteps`, `_step` → `step`. */
export function normaliseName(name: string): string {
  return name.toLowerCase().replace(/[\s/_.\-:]+/g, '');
}

/**
 * x names, env steps first (what compares runs of different algorithms), then updates, episodes, epochs.
 * Each is normalised before comparing, so one entry covers every spelling of it.
 */
export const X_VOCABULARY = [
  'step',
  'global_step',
  'env_step',
  'env_steps',
  'time/total_timesteps',
  'total_timesteps',
  'timesteps',
  'timesteps_total',
  'num_env_steps_sampled_lifetime',
  'env_runners/num_env_steps_sampled_lifetime',
  'num_env_steps_sampled',
  'TotalEnvInteracts',
  'TimestepsSoFar',
  'misc/total_timesteps',
  'total_env_steps',
  'env_frames',
  'total_frames',
  'frames',
  'frame',
  'steps',
  'agent_step',
  'train_step',
  'training_iteration',
  'iteration',
  'iter',
  'update',
  'updates',
  'episode',
  'episodes',
  'epoch',
  'Epoch',
] as const;

const X_RANK = new Map<string, number>();
X_VOCABULARY.forEach((name, i) => {
  const key = normaliseName(name);
  if (!X_RANK.has(key)) X_RANK.set(key, i);
});

/**
 * A counter the vocabulary does not list but that names itself a step count: `actor_steps`,
 * `learner_steps` (Acme), `num_agent_steps`, `total_env_frames`, rlkit's `expl/num steps total`. Ranked
 * after the vocabulary's env-step names, before updates, episodes and epochs; rates and times
 * (`steps_per_second`, `step_time`) are not.
 */
const STEP_SUFFIX = /(steps|timesteps|frames)(total|sofar|lifetime)?$/;
const NOT_A_COUNTER = /per|rate|time|second|sec$|fps|mean|avg|average|std|max|min/;
const SUFFIX_RANK = X_VOCABULARY.indexOf('steps') + 0.5;

function xRank(name: string): number | undefined {
  const key = normaliseName(name);
  const known = X_RANK.get(key);
  if (known !== undefined) return known;
  if (!STEP_SUFFIX.test(key) || NOT_A_COUNTER.test(key)) return undefined;
  // an evaluation's own count (rlkit's `eval/num steps total`) measures no training: it ranks after
  return EVAL.test(name.toLowerCase()) ? SUFFIX_RANK + 0.25 : SUFFIX_RANK;
}

/** Whether a column name is an x name of the vocabulary (any spelling). */
export function isXName(name: string): boolean {
  return xRank(name) !== undefined;
}

const monotone = (values: ArrayLike<number>): boolean => {
  let last = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number;
    if (Number.isNaN(v)) continue;
    if (v < last) return false;
    last = v;
  }
  return true;
};

/**
 * The x of a table's columns: the vocabulary's first name present that never goes down (a resumed
 * trainer's step going back is a restart, not another x: when no candidate is monotone the first present
 * is taken), else null (the row number).
 */
export function chooseX(columns: Map<string, ArrayLike<number>>): string | null {
  const present = [...columns.keys()]
    .filter((name) => xRank(name) !== undefined)
    .sort((a, b) => (xRank(a) as number) - (xRank(b) as number));
  const first = present[0];
  if (first === undefined) return null;
  // prefer a monotone column only over a lower-ranked one with at least a few rows (one row is monotone)
  for (const name of present) if (monotone(columns.get(name) as ArrayLike<number>)) return name;
  return first;
}

/** Names of the return / reward family, most specific first (each normalised before comparing). */
export const Y_VOCABULARY = [
  'reward',
  'ep_rew_mean',
  'rollout/ep_rew_mean',
  'eval/mean_reward',
  'charts/episodic_return',
  'episode_reward_mean',
  'env_runners/episode_return_mean',
  'env_runners/episode_reward_mean',
  'sampler_results/episode_reward_mean',
  'evaluation/episode_reward_mean',
  'EpRewMean',
  'eprewmean',
  'mean 100 episode reward',
  'ep_reward_mean',
  'AverageEpRet',
  'AverageTestEpRet',
  'episode/Return',
  'train/return',
  'eval/return',
  'reward/reward',
  'mean_reward',
  'episode_reward',
  'episode_return',
  'return',
  'returns',
  'score',
  'r',
] as const;

const EVAL = /(^|[^a-z])(eval|evaluation|test|val|validation)([^a-z]|$)|^(eval|test)|averagetest/;
const SMOOTHED = /mean|average|avg|smooth|ewm|ema|(^|[^a-z])mu([^a-z]|$)/;
const SPREAD =
  /(^|[^a-z])(std|stddev|min|max|var|variance|median|sem|stderr|count|lower|upper|q\d+)([^a-z]|$)|__(min|max)$|^(min|max|std)[a-z]|[a-z](std|min|max)$/;
const FAMILY = /return|reward|rew($|[^a-z])|epret|eprew|score/;
/** A discounted or reshaped return (`AverageDiscountedReturn`, torch-ac's `rreturn_mean`) ranks after the return. */
const NOT_THE_RETURN = /discount|shaped|(^|[^a-z])rreturn/;
const NOT_A_RETURN =
  /loss|lr|learningrate|entropy|kl|grad|time|fps|length|len($|[^a-z])|step|count|reward_?model/;

const Y_RANK = new Map<string, number>();
Y_VOCABULARY.forEach((name, i) => {
  const key = normaliseName(name);
  if (!Y_RANK.has(key)) Y_RANK.set(key, i);
});

/**
 * rl_games logs one value against several x's, naming the x as the tag's last segment (`rewards/step`
 * against frames, `rewards/iter` against epochs, `rewards/time` against seconds): the tag is its
 * metric's name, preferred against steps; against anything else it is a weaker choice.
 */
const AGAINST_STEPS = /\/(step|steps|frame|frames)$/;
const AGAINST_OTHER = /\/(iter|iters|iteration|epoch|epochs|episode|episodes|time|walltime)$/;

/**
 * A name's place in the y choice, or null when it is no return: evaluation over training when both are
 * logged, smoothed means over raw values, then the vocabulary's order, then names of the family found by
 * their words (`eval/reward/episode_reward_mean`, `test/episode_return`).
 */
function yScore(name: string): number | null {
  const against = AGAINST_STEPS.test(name.toLowerCase())
    ? 0
    : AGAINST_OTHER.test(name.toLowerCase())
      ? 100
      : -1;
  if (against >= 0) {
    const metric = yScoreOf(name.replace(/\/[^/]+$/, ''));
    return metric === null ? null : metric + against;
  }
  return yScoreOf(name);
}

function yScoreOf(name: string): number | null {
  const lower = name.toLowerCase();
  const known = Y_RANK.get(normaliseName(name));
  const family = known !== undefined || (FAMILY.test(lower) && !NOT_A_RETURN.test(lower));
  if (!family || SPREAD.test(lower)) return null;
  const evaluation = EVAL.test(lower) ? 0 : 1;
  const smoothed = SMOOTHED.test(lower) || known !== undefined ? 0 : 1;
  return evaluation * 10_000 + smoothed * 1_000 + (known ?? 500) + (NOT_THE_RETURN.test(lower) ? 250 : 0);
}

/** Whether a name is a return or reward (any spelling), not another training signal or a spread. */
export function isReturnName(name: string): boolean {
  return !isXName(name) && yScore(name) !== null;
}

/**
 * The y of a table of evaluation statistics named for the return (PFRL and ChainerRL's `scores.txt`:
 * `steps episodes elapsed mean median stdev max min`): its columns name the statistic, the file names
 * what it is of. Null when the file is no such table.
 */
export function statisticY(fileStem: string, names: readonly string[]): string | null {
  if (!FAMILY.test(fileStem.toLowerCase()) || names.some((n) => isReturnName(n))) return null;
  return names.find((n) => MEAN.test(n)) ?? names.find((n) => MEDIAN.test(n)) ?? null;
}

const MEAN = /^(mean|average|avg)$/i;
const MEDIAN = /^median$/i;

/** A column statisticY may take: its mean or median. */
export const isStatisticName = (name: string): boolean => MEAN.test(name) || MEDIAN.test(name);

/** A run's default y when it logs no return: what TRL (DPO, PPO), HF Trainer, Lightning and Keras log. */
export const OTHER_Y_VOCABULARY = ['rewards/chosen', 'objective/scores', 'eval_loss', 'val_loss', 'loss'];

/** The default y of a run's metric names: a return (see yScore), else another training signal, else the first. */
export function chooseY(names: readonly string[], not: readonly string[] = []): string | null {
  let best: string | null = null;
  let bestScore = Number.POSITIVE_INFINITY;
  for (const name of names) {
    if (not.includes(name) || isXName(name)) continue;
    const score = yScore(name);
    if (score !== null && score < bestScore) [best, bestScore] = [name, score];
  }
  if (best !== null) return best;
  const have = new Set(names);
  return (
    OTHER_Y_VOCABULARY.find((name) => have.has(name)) ??
    names.find((name) => !not.includes(name) && !isXName(name)) ??
    names.find((name) => !not.includes(name)) ??
    null
  );
}

/** Every spelling of the vocabulary a caller may test with exact names (the `runs` command's candidates). */
export function spellings(vocabulary: readonly string[]): string[] {
  const out = new Set<string>();
  for (const name of vocabulary) {
    out.add(name);
    const snake = name.replace(/[\s/.-]+/g, '_');
    out.add(snake);
    out.add(snake.toLowerCase());
    out.add(name.replace(/[_/.-]+/g, ' ').trim());
  }
  return [...out];
}
