// Streaming "M4" decimation: each bucket of rows keeps its first and last row and, per column, the rows
// of its lowest, highest and first non-finite value. Buckets double (pairs merged) at twice the target:
// bounded memory, linear work.

import { pushAll } from '@evidence/node-kit';

/** A kept row: its index among the rows read and its values (one per column). */
export interface KeptRow {
  index: number;
  values: Float64Array;
}

/** A span of rows (start inclusive, end exclusive) with each column's sum and count of finite values. */
export interface RowSpan {
  start: number;
  end: number;
  sum: Float64Array;
  count: Float64Array;
}

/** A closed bucket: its span and candidate rows. */
interface Bucket extends RowSpan {
  first: KeptRow;
  last: KeptRow;
  min: (KeptRow | null)[];
  max: (KeptRow | null)[];
  gap: (KeptRow | null)[];
}

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

/**
 * The open bucket's candidate rows: a row is copied once into a reusable slot however many columns
 * point at it, freed when none does (a copy per column would be width² numbers: 80 GB for 100,000).
 */
class OpenBucket {
  start = 0;
  end = 0;
  readonly first: Float64Array;
  readonly last: Float64Array;
  /** per column: the slot of its lowest, highest, first non-finite value's row (-1: none yet) */
  readonly minAt: Int32Array;
  readonly maxAt: Int32Array;
  readonly gapAt: Int32Array;
  readonly sum: Float64Array;
  readonly count: Float64Array;
  readonly #slots: Float64Array[] = [];
  /** the row index a slot holds, and how many columns point at it */
  readonly #slotRow: number[] = [];
  readonly #refs: number[] = [];
  #free: number[] = [];

  constructor(readonly width: number) {
    this.first = new Float64Array(width);
    this.last = new Float64Array(width);
    this.minAt = new Int32Array(width);
    this.maxAt = new Int32Array(width);
    this.gapAt = new Int32Array(width);
    this.sum = new Float64Array(width);
    this.count = new Float64Array(width);
  }

  reset(index: number, values: Float64Array): void {
    this.start = index;
    this.first.set(values);
    this.minAt.fill(-1);
    this.maxAt.fill(-1);
    this.gapAt.fill(-1);
    this.sum.fill(0);
    this.count.fill(0);
    this.#refs.fill(0);
    this.#free = this.#slots.map((_, slot) => slot);
  }

  add(index: number, values: Float64Array): void {
    this.end = index + 1;
    this.last.set(values);
    let slot = -1;
    // the slot of this row, copied on first use; one more column points at it
    const claim = (): number => {
      if (slot < 0) slot = this.#store(index, values);
      this.#refs[slot] = (this.#refs[slot] as number) + 1;
      return slot;
    };
    for (let c = 0; c < this.width; c++) {
      const v = values[c] as number;
      if (!Number.isFinite(v)) {
        if (this.gapAt[c] === -1) this.gapAt[c] = claim();
        continue;
      }
      this.sum[c] = (this.sum[c] as number) + v;
      this.count[c] = (this.count[c] as number) + 1;
      const min = this.minAt[c] as number;
      if (min === -1 || v < ((this.#slots[min] as Float64Array)[c] as number)) {
        this.#release(min);
        this.minAt[c] = claim();
      }
      const max = this.maxAt[c] as number;
      if (max === -1 || v > ((this.#slots[max] as Float64Array)[c] as number)) {
        this.#release(max);
        this.maxAt[c] = claim();
      }
    }
  }

  #store(index: number, values: Float64Array): number {
    let slot = this.#free.pop();
    if (slot === undefined) {
      slot = this.#slots.length;
      this.#slots.push(new Float64Array(this.width));
      this.#slotRow.push(0);
      this.#refs.push(0);
    }
    (this.#slots[slot] as Float64Array).set(values);
    this.#slotRow[slot] = index;
    return slot;
  }

  #release(slot: number): void {
    if (slot < 0) return;
    const left = (this.#refs[slot] as number) - 1;
    this.#refs[slot] = left;
    if (left === 0) this.#free.push(slot);
  }

  /** A closed bucket: one copy per distinct kept row. */
  close(): Bucket {
    const copies = new Map<number, KeptRow>();
    const row = (index: number, values: Float64Array): KeptRow => {
      if (!copies.has(index)) copies.set(index, { index, values: values.slice() });
      return copies.get(index) as KeptRow;
    };
    const each = (at: Int32Array) =>
      Array.from(at, (slot) =>
        slot < 0 ? null : row(this.#slotRow[slot] as number, this.#slots[slot] as Float64Array),
      );
    return {
      first: row(this.start, this.first),
      last: row(this.end - 1, this.last),
      min: each(this.minAt),
      max: each(this.maxAt),
      gap: each(this.gapAt),
      start: this.start,
      end: this.end,
      sum: this.sum.slice(),
      count: this.count.slice(),
    };
  }
}

export class RowDecimator {
  readonly #width: number;
  readonly #target: number;
  #buckets: Bucket[] = [];
  readonly #open: OpenBucket;
  #isOpen = false;
  /** doubled at each merge */
  rowsPerBucket = 1;
  rows = 0;

  constructor(width: number, target: number) {
    this.#width = width;
    this.#target = Math.max(1, target);
    this.#open = new OpenBucket(width);
  }

  /** Adds the next row; its values are copied (the caller may reuse the array). */
  add(values: Float64Array): void {
    const index = this.rows++;
    if (!this.#isOpen) {
      this.#open.reset(index, values);
      this.#isOpen = true;
    }
    this.#open.add(index, values);
    if (this.#open.end - this.#open.start >= this.rowsPerBucket) this.#close();
  }

  #close(): void {
    if (!this.#isOpen) return;
    this.#isOpen = false;
    this.#buckets.push(this.#open.close());
    if (this.#buckets.length >= 2 * this.#target) this.#merge();
  }

  /** Each adjacent pair of buckets becomes one. */
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

  /** Drops every kept row whose column `c` is at or above `from` (the restart rule). */
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
      pushAll(kept, distinct([bucket.first, bucket.last, ...bucket.min, ...bucket.max, ...bucket.gap]));
      spans.push({ start: bucket.start, end: bucket.end, sum: bucket.sum, count: bucket.count });
    }
    return { kept, spans };
  }
}
