import { checkPrefix, DEFAULT_PREFIX, defaultEnv } from './resolve.js';
import type { EnvOptions } from './types.js';
import { VARIABLES, type VariableKey } from './variables.js';

export interface UnknownVariable {
  /** the full name as set, e.g. `EVIDENCE_ANIMATION_EVRY` */
  variable: string;
  /** the closest known variable, when the name looks like a typo of one */
  suggestion: string | null;
}

const PREFIXED_KEYS = (Object.keys(VARIABLES) as VariableKey[]).filter((key) => VARIABLES[key].prefixed);

/**
 * Variables that carry the prefix but are not read by `readEvidenceEnv`: usually typos, which would
 * otherwise be ignored without a word. Not an error by itself, since others may share the prefix.
 */
export function unknownVariables(options: EnvOptions = {}): UnknownVariable[] {
  const prefix = checkPrefix(options.prefix ?? DEFAULT_PREFIX);
  const env = options.env ?? defaultEnv();
  return Object.keys(env)
    .filter((name) => prefix !== '' && name.startsWith(prefix) && env[name] !== undefined)
    .filter((name) => !(PREFIXED_KEYS as string[]).includes(name.slice(prefix.length)))
    .sort()
    .map((variable) => {
      const closest = closestKey(variable.slice(prefix.length));
      return { variable, suggestion: closest === null ? null : prefix + closest };
    });
}

/** The known key within a small edit distance (a third of its length, at most 3), if any. */
function closestKey(name: string): VariableKey | null {
  let best: VariableKey | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const key of PREFIXED_KEYS) {
    const distance = editDistance(name.toUpperCase(), key);
    if (distance < bestDistance && distance <= Math.min(3, Math.floor(key.length / 3))) {
      best = key;
      bestDistance = distance;
    }
  }
  return best;
}

// Levenshtein distance; names are short, so the plain two-row version is plenty.
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution);
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}
