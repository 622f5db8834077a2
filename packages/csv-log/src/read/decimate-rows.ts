// Streaming min/max decimation of a table's rows ("M4" over row buckets): every bucket of consecutive
// rows keeps its first and last row and, for each column, the row of its lowest and highest value and its
// first non-finite one (a gap in a line). Buckets double in size (adjacent pairs merged) whenever there are
// twice the target, so memory stays bounded however many rows stream in, and the work is linear.

/** A kept row: its index among the rows read and its values (one per column). */
export interface KeptRow {
  index: number;
  values: Float64Array;
}

/** A closed bucket: its candidate rows and, per column, the sum and count of its finite values. */
interface Bucket {
  first: KeptRow;
  last: KeptRow;
  min: (KeptRow | null)[];
  max: (KeptRow | null)[];
  gap: (KeptRow | null)[];
  start: number;
  end: number;
  sum: Float64Array;
  count: Float64Array;
}

/** A span of rows (start inclusive, end exclusive) with each column's sum and count of finite values. */
export interface RowSpan {
  start: number;
  end: number;
  sum: Float64Array;
  count: Float64Array;
}

const keep = (index: number, values: Float64Array): KeptRow => ({ index, values: values.slice() });

function better(a: KeptRow | null, b: KeptRow | null, c: number, lower: boolean): KeptRow | null {
  if (!a) return b;
  if (!b) return a;
  const x = a.values[c] as number;
  const y = b.values[c] as number;
  return (lower ? y < x : y > x) ? b : a;
}

/** Distinct rows, in row order. */
function distinct(rows: (KeptRow | null)[]): KeptRow[] {
  const byIndex = new Map<number, KeptRow>();
  for (const row of rows) if (row) byIndex.set(row.index, row);
  return [...byIndex.values()].sort((a, b) => a.index - b.index);
}

/** A bucket's kept rows, in row order. */
const candidates = (b: Bucket) => distinct([b.first, b.last, ...b.min, ...b.max, ...b.gap]);

export class RowDecimator {
  readonly #width: number;
  readonly #target: number;
  #buckets: Bucket[] = [];
  #open: Bucket | null = null;
  /** The row added last to the open bucket; the caller reuses its array, so it is copied on close. */
  #lastIndex = 0;
  #lastValues: Float64Array | null = null;
  /** Rows per bucket: 1 until the rows outnumber twice the target, then doubled at each merge. */
  rowsPerBucket = 1;
  rows = 0;

  constructor(width: number, target: number) {
    this.#width = width;
    this.#target = Math.max(1, target);
  }

  /** Adds the next row (its values are copied only where kept: per row, no allocation). */
  add(values: Float64Array): void {
    const index = this.rows++;
    let open = this.#open;
    let copy: KeptRow | null = null; // this row, once copied (no closure: add() runs once per row)
    if (!open) {
      const none = () => new Array<KeptRow | null>(this.#width).fill(null);
      const first = keep(index, values);
      copy = first;
      open = {
        first,
        last: first,
        min: none(),
        max: none(),
        gap: none(),
        start: index,
        end: index,
        sum: new Float64Array(this.#width),
        count: new Float64Array(this.#width),
      };
      this.#open = open;
    }
    open.end = index + 1;
    for (let c = 0; c < this.#width; c++) {
      const v = values[c] as number;
      if (!Number.isFinite(v)) {
        if (!open.gap[c]) open.gap[c] = copy ??= keep(index, values);
        continue;
      }
      open.sum[c] = (open.sum[c] as number) + v;
      open.count[c] = (open.count[c] as number) + 1;
      const lo = open.min[c];
      if (!lo || v < (lo.values[c] as number)) open.min[c] = copy ??= keep(index, values);
      const hi = open.max[c];
      if (!hi || v > (hi.values[c] as number)) open.max[c] = copy ??= keep(index, values);
    }
    if (open.end - open.start >= this.rowsPerBucket) {
      open.last = copy ??= keep(index, values); // the bucket's last row: copied once, when it closes
      this.#close();
    } else {
      this.#lastIndex = index;
      this.#lastValues = values;
    }
  }

  #close(): void {
    if (!this.#open) return;
    // a bucket closed early (restart, end of input): its last row is the one seen last
    if (this.#open.last.index !== this.#open.end - 1 && this.#lastValues)
      this.#open.last = keep(this.#lastIndex, this.#lastValues);
    this.#buckets.push(this.#open);
    this.#open = null;
    if (this.#buckets.length >= 2 * this.#target) this.#merge();
  }

  /** Halves the buckets: each adjacent pair becomes one (linear: each merge halves what the next costs). */
  #merge(): void {
    const merged: Bucket[] = [];
    for (let i = 0; i < this.#buckets.length; i += 2) {
      const a = this.#buckets[i] as Bucket;
      const b = this.#buckets[i + 1];
      if (!b) {
        merged.push(a);
        continue;
      }
      const pick = (f: (c: number) => KeptRow | null) => Array.from({ length: this.#width }, (_, c) => f(c));
      merged.push({
        first: a.first,
        last: b.last,
        min: pick((c) => better(a.min[c] ?? null, b.min[c] ?? null, c, true)),
        max: pick((c) => better(a.max[c] ?? null, b.max[c] ?? null, c, false)),
        gap: pick((c) => a.gap[c] ?? b.gap[c] ?? null),
        start: a.start,
        end: b.end,
        sum: a.sum.map((s, c) => s + (b.sum[c] as number)),
        count: a.count.map((n, c) => n + (b.count[c] as number)),
      });
    }
    this.#buckets = merged;
    this.rowsPerBucket *= 2;
  }

  /**
   * Drops every kept row whose column `c` is at or above `from` (a writer that started again at an
   * earlier step: the rows it logged before at those steps are superseded, the restart rule).
   */
  purgeFrom(c: number, from: number): void {
    this.#close();
    const stays = (row: KeptRow | null) => (row && !((row.values[c] as number) >= from) ? row : null);
    this.#buckets = this.#buckets.filter((bucket) => {
      bucket.min = bucket.min.map(stays);
      bucket.max = bucket.max.map(stays);
      bucket.gap = bucket.gap.map(stays);
      const left = distinct([
        stays(bucket.first),
        stays(bucket.last),
        ...bucket.min,
        ...bucket.max,
        ...bucket.gap,
      ]);
      if (left.length === 0) return false;
      bucket.first = left[0] as KeptRow;
      bucket.last = left[left.length - 1] as KeptRow;
      return true;
    });
  }

  /** The kept rows in their order, and the spans of rows with their sums. */
  finish(): { kept: KeptRow[]; spans: RowSpan[] } {
    this.#close();
    const kept: KeptRow[] = [];
    const spans: RowSpan[] = [];
    for (const bucket of this.#buckets) {
      for (const row of candidates(bucket)) kept.push(row);
      spans.push({ start: bucket.start, end: bucket.end, sum: bucket.sum, count: bucket.count });
    }
    return { kept, spans };
  }
}
