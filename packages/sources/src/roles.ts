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
  return xRank(name) !== undefined || xKind(name) !== null;
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

const EVAL = /(^|[^a-z])(eval|evaluation|test|val|valid|validation)([^a-z]|$)|^(eval|test)|averagetest/;
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
  const evaluation = EVAL.test(lower) || EVAL.test(camelWords(name)) ? 0 : 1;
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

/** A run's default y when it logs no return: a preference learner's, an evaluation's, a loss. */
export const OTHER_Y_VOCABULARY = ['rewards/chosen', 'objective/scores', 'eval_loss', 'val_loss', 'loss'];

/** A name's words: `time/total_timesteps` → time total timesteps, `TotalEnvInteracts` → total env interacts. */
export function nameTokens(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((t) => t !== '');
}

/** What an x counts, best first: environment steps compare runs of different algorithms; time least. */
export type XKind = 'steps' | 'updates' | 'episodes' | 'epochs' | 'counter' | 'time';
export const X_KINDS: readonly XKind[] = ['steps', 'updates', 'episodes', 'epochs', 'counter', 'time'];

const STEP_WORD =
  /^(steps?|timesteps?|frames?|samples|transitions|interacts|interactions|envsteps|totalsteps|globalstep)$/;
const UPDATE_WORD =
  /^(iter|iters|itr|iteration|iterations|update|updates|round|rounds|generation|generations|batch|batches)$/;
const EPISODE_WORD = /^(episode|episodes|eps|games)$/;
const EPOCH_WORD = /^(epoch|epochs)$/;
const TIME_WORD =
  /^(time|walltime|wall|elapsed|clock|timestamp|seconds|secs|hours|minutes|runtime|duration)$/;
/** A rate or a statistic of a counter is no counter (`steps_per_second`, `episode_len_mean`). */
const NOT_COUNTED =
  /^(per|rate|fps|sps|mean|avg|average|std|max|min|len|length|rewards?|returns?|loss(es)?|score|ratio|frac|fraction|left|remaining|eta)$/;

/**
 * What a name says it counts, from its last counting word (`time/total_timesteps` counts steps,
 * `step_time` is a time, `steps_per_second` nothing), or null when it names no counter.
 */
export function xKind(name: string): XKind | null {
  if (X_RANK.has(normaliseName(name))) return vocabularyKind(normaliseName(name));
  const tokens = nameTokens(name);
  if (tokens.some((t) => NOT_COUNTED.test(t))) return null;
  const last = tokens.at(-1) ?? '';
  const penultimate = tokens.at(-2) ?? '';
  // `steps total`, `steps so far`: the counting word is before the qualifier
  const word = /^(total|so|far|lifetime|sampled|done|seen|count|num)$/.test(last) ? penultimate : last;
  if (STEP_WORD.test(word) || /(steps|timesteps|frames)$/.test(word)) return 'steps';
  if (UPDATE_WORD.test(word)) return 'updates';
  if (EPISODE_WORD.test(word)) return 'episodes';
  if (EPOCH_WORD.test(word)) return 'epochs';
  if (TIME_WORD.test(word)) return 'time';
  return null;
}

function vocabularyKind(key: string): XKind {
  if (/episode/.test(key)) return 'episodes';
  if (/epoch/.test(key)) return 'epochs';
  if (/iter|update/.test(key)) return 'updates';
  return 'steps';
}

/** Within a kind: the vocabulary's order, then names it finds by their words, an evaluation's own count last. */
export function xNameRank(name: string): number {
  const known = X_RANK.get(normaliseName(name));
  if (known !== undefined) return known;
  return EVAL.test(name.toLowerCase()) ? SUFFIX_RANK + 100 : SUFFIX_RANK;
}

/** `validAccuracy` → `valid_accuracy`: camelCase words apart, for the word tests below. */
const camelWords = (name: string): string => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();

/** Higher-is-better measures of quality that are no return. */
const QUALITY =
  /(^|[^a-z])(acc|accuracy|success|successrate|is_success|win|winrate|win_rate|f1|auc|bleu|rouge|map|iou|precision|recall|solved|coverage)([^a-z]|$)/;
/** Lower-is-better: a default y only when nothing better is logged, and said to be so. */
export const LOWER_IS_BETTER =
  /loss|error|perplexity|regret|cost|(^|[^a-z])(mse|mae|rmse|nll|ppl|wer|cer)([^a-z]|$)/i;
/** What a trainer logs about itself, never a default y: timing, rates, settings, sizes, gradients. */
const OPERATIONAL =
  /time|fps|sps|(^|[^a-z])lr([^a-z]|$)|learning_?rate|memory|(^|[^a-z])mem|gpu|cpu|throughput|speed|per_?sec|grad|norm|seed|(^|[^a-z])(num|n)_|count|size|length|(^|[^a-z])len([^a-z]|$)|epsilon|temperature|entropy|(^|[^a-z])kl([^a-z]|$)|clip|alpha|beta|buffer|capacity/;

/** The tiers of the y choice, best first. */
export type YTier = 'return' | 'quality' | 'loss' | 'other';

/**
 * A name's place in the y choice (lower is better) and its tier, or null when it is never a default y
 * (an x, a spread, a timing, a rate or a setting). Returns first (see yScore), then measures of quality,
 * then losses, then any other measure in column order.
 */
export function yPrior(name: string): { rank: number; tier: YTier } | null {
  if (isXName(name)) return null;
  const ret = yScore(name);
  if (ret !== null) return { rank: ret, tier: 'return' };
  const lower = name.toLowerCase();
  if (SPREAD.test(lower)) return null;
  // `validAccuracy` is `valid_accuracy`: each word test reads camelCase split as well as the name as written
  const words = camelWords(name);
  const evaluation = EVAL.test(lower) || EVAL.test(words) ? 0 : 1_000;
  const quality = QUALITY.test(lower) || QUALITY.test(words);
  if (quality && !OPERATIONAL.test(lower) && !OPERATIONAL.test(words))
    return { rank: 100_000 + evaluation, tier: 'quality' };
  if (LOWER_IS_BETTER.test(lower)) return { rank: 200_000 + evaluation, tier: 'loss' };
  if (OPERATIONAL.test(lower)) return null;
  return { rank: 300_000, tier: 'other' };
}

/** The default y of a run's metric names alone (what the values then check): see yPrior. */
export function chooseY(names: readonly string[], not: readonly string[] = []): string | null {
  let best: string | null = null;
  let bestRank = Number.POSITIVE_INFINITY;
  for (const name of names) {
    if (not.includes(name)) continue;
    const prior = yPrior(name);
    if (prior !== null && prior.rank < bestRank) [best, bestRank] = [name, prior.rank];
  }
  return best;
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
