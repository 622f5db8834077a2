/**
 * x and y decided from the values, as DuckDB's sniffer decides a dialect: the names only propose
 * (roles.ts orders the candidates); a column is taken only when its values fit the role. An x counts
 * up over the rows it covers; a y has values that vary. Empty, constant or mostly missing columns are
 * never chosen, and each choice says why, with its runner-up.
 */
import { X_KINDS, type XKind, xKind, xNameRank, type YTier, yPrior } from './roles.js';

/** What a choice was and why, for the one-line summary. */
export interface RoleChoice {
  name: string | null;
  why: string;
  runnerUp?: string;
  /** Candidates ranked before it that the values refused, each with why (`StopIter is constant (79 in every row)`). */
  refused: string[];
}

/** What the values of one column are like. */
export interface ColumnShape {
  /** Values that are numbers (not missing). */
  present: number;
  /** Distinct values among them, counted up to `DISTINCT_CAP`. */
  distinct: number;
  /** Times a value is lower than the one before it (a restart, or no counter). */
  drops: number;
  /** Whether every value is a whole number. */
  whole: boolean;
  first: number;
  /** How many steps from one value to the next are the most common step (an index's 1, a logger's 1000). */
  strided: number;
}

const DISTINCT_CAP = 4096;

export function columnShape(values: ArrayLike<number>): ColumnShape {
  let present = 0;
  let drops = 0;
  let whole = true;
  let last = Number.NaN;
  let first = Number.NaN;
  const seen = new Set<number>();
  const strides = new Map<number, number>();
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number;
    if (Number.isNaN(v)) continue;
    if (present === 0) first = v;
    else if (strides.size < 64) strides.set(v - last, (strides.get(v - last) ?? 0) + 1);
    present++;
    if (v < last) drops++;
    last = v;
    if (whole && !Number.isInteger(v)) whole = false;
    if (seen.size < DISTINCT_CAP) seen.add(v);
  }
  return { present, distinct: seen.size, drops, whole, first, strided: Math.max(0, ...strides.values()) };
}

/** A column that could be the x: why not, or null when its values count up over the rows. */
function notAnX(shape: ColumnShape, rows: number): string | null {
  if (shape.present === 0) return 'is empty';
  if (shape.present < 0.9 * rows) return `is in ${shape.present} of ${rows} rows`;
  if (rows > 1 && shape.distinct === 1) return `is constant (${shape.first} in every row)`;
  // a resumed trainer's counter goes back once per resume; more often is no counter
  if (shape.drops > Math.max(1, Math.floor(0.01 * shape.present))) return `goes down ${shape.drops} times`;
  return null;
}

/** An x with few distinct values over many rows (an epoch over each batch's row) ranks after the dense ones. */
const dense = (shape: ColumnShape): boolean =>
  shape.present <= 2 || shape.distinct >= Math.min(DISTINCT_CAP, 0.2 * shape.present);

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/**
 * The x of a table's columns: the candidate whose values count up over the rows, environment steps
 * before updates, episodes and epochs, then a whole-number counter no name announces, then time; sparse
 * ones after dense ones. Null (the row number) when no column fits.
 */
export function sniffX(columns: ReadonlyMap<string, ArrayLike<number>>): RoleChoice {
  let rows = 0;
  for (const values of columns.values()) rows = Math.max(rows, values.length);
  const fits: { name: string; kind: XKind; rank: number; shape: ColumnShape }[] = [];
  const refused: string[] = [];
  for (const [name, values] of columns) {
    const named = xKind(name);
    if (named === null && yPrior(name)?.tier !== 'other') continue;
    const shape = columnShape(values);
    const kind = named ?? 'counter';
    // a column no name announces is a counter only when it counts as an index does: whole numbers from
    // zero or more, up by one same step nearly every row (a return that only rose is no counter)
    const counts = shape.whole && shape.first >= 0 && shape.drops === 0 && rows > 2;
    if (kind === 'counter' && !(counts && shape.strided >= 0.9 * (rows - 1))) continue;
    const why = notAnX(shape, rows);
    if (why !== null) {
      refused.push(`${name} ${why}`);
      continue;
    }
    const tier = X_KINDS.indexOf(kind) + (dense(shape) ? 0 : X_KINDS.length);
    fits.push({ name, kind, rank: tier * 10_000 + xNameRank(name), shape });
  }
  fits.sort((a, b) => a.rank - b.rank);
  const [best, second] = fits;
  if (!best) return { name: null, why: 'no column counts up over the rows: the row number', refused };
  const what = best.kind === 'counter' ? 'a counter no name announces' : best.kind;
  const why = `${what}, counting up over ${best.shape.present === rows ? 'every row' : 'its rows'}`;
  return { name: best.name, why, refused, ...(second ? { runnerUp: second.name } : {}) };
}

/** A column that could be the y: why not, or null when it holds values that vary. */
function notAY(shape: ColumnShape, rows: number): string | null {
  if (shape.present === 0) return 'is empty';
  if (shape.present < 3 && rows >= 30) return `has ${plural(shape.present, 'value')} in ${rows} rows`;
  if (shape.present > 1 && shape.distinct === 1) return `is constant (${shape.first} in every row)`;
  return null;
}

const TIER_WORDS: Record<YTier, string> = {
  return: 'a return',
  quality: 'a measure of quality',
  loss: 'a loss (lower is better): nothing else is logged',
  other: 'no return, quality or loss is logged',
};

/**
 * The y of a run's metrics (each its values): returns first, then quality, then losses, then any other
 * measure (never a timing, rate or setting), each only when its values vary. `not`: its x and columns a
 * format reserves (a wall time).
 */
export function sniffY(
  metrics: Iterable<readonly [string, ArrayLike<number>]>,
  not: readonly string[] = [],
): RoleChoice {
  const candidates: { name: string; rank: number; tier: YTier; values: ArrayLike<number> }[] = [];
  let rows = 0;
  for (const [name, values] of metrics) {
    rows = Math.max(rows, values.length);
    if (not.includes(name)) continue;
    const prior = yPrior(name);
    if (prior) candidates.push({ name, ...prior, values });
  }
  candidates.sort((a, b) => a.rank - b.rank);
  const refused: string[] = [];
  let best: (typeof candidates)[number] | undefined;
  let runnerUp: string | undefined;
  for (const candidate of candidates) {
    const why = notAY(columnShape(candidate.values), rows);
    if (why === null && best === undefined) best = candidate;
    else if (why === null && runnerUp === undefined && candidate.tier === best?.tier)
      runnerUp = candidate.name;
    else if (best === undefined && why !== null) refused.push(`${candidate.name} ${why}`);
  }
  // a return that never changed is the answer (a run that did not learn), not a reason to chart a loss
  const flat =
    best?.tier === 'return' ? undefined : candidates.find((c) => c.tier === 'return' && isFlat(c.values));
  if (flat) {
    const why = refused.find((r) => r.startsWith(`${flat.name} is constant`))?.slice(flat.name.length + 4);
    return {
      name: flat.name,
      why: `a return, ${why}: it never changed`,
      refused: refused.filter((r) => !r.startsWith(`${flat.name} `)),
    };
  }
  if (!best) return { name: null, why: 'no measure with values that vary', refused };
  return { name: best.name, why: TIER_WORDS[best.tier], refused, ...(runnerUp ? { runnerUp } : {}) };
}

/** Constant over enough values to say so (not empty, not mostly missing). */
function isFlat(values: ArrayLike<number>): boolean {
  const shape = columnShape(values);
  return shape.present >= 3 && shape.distinct === 1;
}

/** Whether a named y holds values a chart can show (not empty, not constant, not mostly missing). */
export function usableY(values: ArrayLike<number> | undefined, rows: number): boolean {
  return values !== undefined && notAY(columnShape(values), Math.max(rows, values.length)) === null;
}

/** `why; runner-up name; a is empty; b is constant (5 in every row)`: a choice as the summary says it. */
export function describeChoice(choice: RoleChoice): string {
  const shown = choice.refused.slice(0, 2);
  if (choice.refused.length > 2) shown.push(`${choice.refused.length - 2} more refused`);
  return [choice.why, ...(choice.runnerUp ? [`runner-up ${choice.runnerUp}`] : []), ...shown].join('; ');
}

/** The x of a table's columns (sniffX), its name alone: null when none fits. */
export function chooseX(columns: ReadonlyMap<string, ArrayLike<number>>): string | null {
  return sniffX(columns).name;
}
