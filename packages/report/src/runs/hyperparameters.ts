// Which hyper-parameters matter in a sweep (W&B's parameter importance, offline): for every
// hyper-parameter whose value differs between configurations, each configuration's final score with its
// interval against that value, and Spearman's rank correlation between value and score.

/** A configuration's hyper-parameters, flattened: `policy_kwargs.net_arch` → "[64,64]". */
export type Config = Record<string, unknown>;

export interface ConfigScore {
  group: string;
  score: number | null;
  ci: [number, number] | null;
}

export interface HyperParameterEffect {
  name: string;
  /** every value is a number (or text that reads as one, such as "3e-4") */
  numeric: boolean;
  /** each configuration's value and score, in order of value */
  points: { group: string; value: string | number; score: number | null; ci: [number, number] | null }[];
  /** Spearman's ρ between value and score over the configurations with a score; null when not numeric or
   * fewer than 3 configurations, or when values or scores are all equal */
  spearman: number | null;
}

/** `config` with nested objects as dotted keys; arrays and other values as they are. */
export function flattenConfig(config: Config, prefix = ''): Config {
  const out: Config = {};
  for (const [key, value] of Object.entries(config)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object' && !Array.isArray(value))
      Object.assign(out, flattenConfig(value as Config, name));
    else out[name] = value;
  }
  return out;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

/** The hyper-parameters every run of a group shares (a seed differs between runs, so it drops out). */
export function groupConfig(configs: readonly Config[]): Config {
  const [first, ...rest] = configs.map((c) => flattenConfig(c));
  if (!first) return {};
  const shared: Config = {};
  for (const [key, value] of Object.entries(first))
    if (rest.every((c) => key in c && text(c[key]) === text(value))) shared[key] = value;
  return shared;
}

const asNumber = (value: unknown): number | null => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return null;
};

/** Ranks from 1, ties given the mean of their ranks (as scipy.stats.rankdata). */
export function ranks(values: readonly number[]): number[] {
  const order = values.map((v, i) => [v, i] as const).sort((a, b) => a[0] - b[0]);
  const out = new Array<number>(values.length);
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (j + 1 < order.length && order[j + 1]?.[0] === order[i]?.[0]) j++;
    for (let k = i; k <= j; k++) out[order[k]?.[1] as number] = (i + j) / 2 + 1;
    i = j + 1;
  }
  return out;
}

/** Spearman's ρ: Pearson's correlation of the ranks; null when either side is constant or n < 3. */
export function spearman(x: readonly number[], y: readonly number[]): number | null {
  if (x.length !== y.length || x.length < 3) return null;
  const rx = ranks(x);
  const ry = ranks(y);
  const mean = (rx.length + 1) / 2;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < rx.length; i++) {
    const a = (rx[i] as number) - mean;
    const b = (ry[i] as number) - mean;
    sxy += a * b;
    sxx += a * a;
    syy += b * b;
  }
  return sxx > 0 && syy > 0 ? sxy / Math.sqrt(sxx * syy) : null;
}

/**
 * The hyper-parameters that differ between configurations (groups), each with every configuration's
 * score against its value; the numeric ones with the strongest rank correlation first, then the others.
 */
export function hyperParameterEffects(
  configs: Readonly<Record<string, Config>>,
  scores: readonly ConfigScore[],
): HyperParameterEffect[] {
  const groups = scores.map((s) => s.group).filter((g) => configs[g]);
  const names = [...new Set(groups.flatMap((g) => Object.keys(configs[g] as Config)))];
  const effects: HyperParameterEffect[] = [];
  for (const name of names) {
    const values = groups.map((g) => (configs[g] as Config)[name]);
    if (new Set(values.map(text)).size < 2) continue;
    const numeric = values.every((v) => asNumber(v) !== null);
    const points = groups.map((group, i) => {
      const score = scores.find((s) => s.group === group);
      const value = values[i];
      return {
        group,
        value: numeric ? (asNumber(value) as number) : value === undefined ? '(not set)' : text(value),
        score: score?.score ?? null,
        ci: score?.ci ?? null,
      };
    });
    points.sort((a, b) =>
      typeof a.value === 'number' && typeof b.value === 'number'
        ? a.value - b.value
        : String(a.value) < String(b.value)
          ? -1
          : String(a.value) > String(b.value)
            ? 1
            : 0,
    );
    const scored = points.filter((p) => p.score !== null);
    effects.push({
      name,
      numeric,
      points,
      spearman: numeric
        ? spearman(
            scored.map((p) => p.value as number),
            scored.map((p) => p.score as number),
          )
        : null,
    });
  }
  const strength = (e: HyperParameterEffect): number => (e.spearman === null ? -1 : Math.abs(e.spearman));
  return effects.sort((a, b) => strength(b) - strength(a) || (a.name < b.name ? -1 : 1));
}
