/**
 * Each format's name for people and how its kind is told (its module in formats/ says them), and the
 * default x and y of any run.
 */
import { chooseY, OTHER_Y_VOCABULARY, spellings, X_VOCABULARY, Y_VOCABULARY } from './roles.js';

export { csvFormat, FOLDER_LAYOUT, FORMAT_NAMES, progressFormat } from './formats/index.js';

/**
 * Exact spellings of the x vocabulary (roles.ts), for callers that test names as they are (`runs`
 * picks the name most runs have); the discovery itself compares normalised names.
 */
export const X_CANDIDATES = spellings(X_VOCABULARY);

/** Exact spellings of the return / reward vocabulary (roles.ts), most specific first. */
export const Y_CANDIDATES = spellings(Y_VOCABULARY);

/** A run's default y when it logs no return: what TRL (DPO, PPO), HF Trainer, Lightning and Keras log. */
export const OTHER_Y_CANDIDATES = OTHER_Y_VOCABULARY;

/**
 * The default y of a run's metric names: a return (evaluation over training, smoothed over raw), else
 * another training signal, else the first.
 */
export function defaultY(names: readonly string[], not: readonly string[] = []): string | null {
  return chooseY(names, not);
}

/** The first candidate present, or null. */
export function firstPresent(candidates: readonly string[], names: Iterable<string>): string | null {
  const have = new Set(names);
  return candidates.find((name) => have.has(name)) ?? null;
}
