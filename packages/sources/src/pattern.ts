/** `--pattern`: `{group}`, `{task}`, `{run}` placeholders and `*` over a run's relative path. */

const PLACEHOLDERS = new Set(['group', 'task', 'run']);

/** A bad --pattern: bad usage, not bad input. */
export class PatternError extends Error {
  override name = 'PatternError';
}

export interface CompiledPattern {
  regex: RegExp;
  names: string[];
}

/**
 * A pattern such as `{group}/{task}/{run}.csv` or `{group}/*_{run}/progress.csv` as a regular expression
 * over a relative path. A placeholder matches a whole path segment or part of one, as little as possible
 * from the left, so `{task}__{group}__{run}` splits `CartPole-v1__ppo_lstm__1__1700000000` after the first
 * two `__`; `*` matches any part of one segment (Ray's trial hashes).
 */
export function compilePattern(pattern: string): CompiledPattern {
  const names: string[] = [];
  let source = '';
  let last = 0;
  for (const match of pattern.matchAll(/\{([^{}]*)\}/g)) {
    const name = match[1] as string;
    if (!PLACEHOLDERS.has(name))
      throw new PatternError(`--pattern: unknown placeholder {${name}}; expected {group}, {task} or {run}`);
    if (names.includes(name)) throw new PatternError(`--pattern: {${name}} appears twice`);
    source += literal(pattern.slice(last, match.index)) + '([^/]+?)';
    names.push(name);
    last = (match.index as number) + match[0].length;
  }
  source += literal(pattern.slice(last));
  if (names.length === 0 && !pattern.includes('*'))
    throw new PatternError('--pattern: expected at least one of {group}, {task}, {run} or a *');
  return { regex: new RegExp(`^${source}$`), names };
}

/** The placeholders' values where `path` matches, or null. */
export function matchPattern(
  compiled: CompiledPattern,
  path: string,
): Partial<Record<'group' | 'task' | 'run', string>> | null {
  const match = compiled.regex.exec(path);
  if (!match) return null;
  const out: Partial<Record<'group' | 'task' | 'run', string>> = {};
  compiled.names.forEach((name, i) => {
    out[name as 'group' | 'task' | 'run'] = match[i + 1] as string;
  });
  return out;
}

const literal = (text: string): string =>
  text
    .split('*')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^/]*');
