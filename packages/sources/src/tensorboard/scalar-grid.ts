/** One tag's values: `present[row]` is 1 where the tag has a value at that row's step (a value may be NaN). */
export interface TagColumn {
  values: Float64Array;
  present: Uint8Array;
  /** Every value was stored as a float32 (simple_value or DT_FLOAT). */
  float32: boolean;
}

/** Scalars merged into one row per step, ascending; the last value written for a tag at a step wins. */
export interface ScalarGrid {
  steps: Float64Array;
  /** Per step, the latest wall time of the events that wrote a scalar at it (seconds since the epoch). */
  wallTimes: Float64Array;
  tags: Map<string, TagColumn>;
}

/** A table of scalars too sparse to hold (see ScalarGridBuilder). */
export class GridBudgetError extends Error {
  override name = 'GridBudgetError';
}

/** Cells (tags × steps) a grid may always hold: 8M cells, 72 MB of values and flags. */
export const GRID_CELLS_FREE = 8_000_000;
/** Past that, cells per value logged: a grid this sparse is tags logged at steps of their own. */
export const GRID_CELLS_PER_VALUE = 64;

/**
 * Collects scalars in the order they were written, then sorts the rows by step. Its memory is that of
 * a tags × steps table, so it is bounded by the values it holds: at most GRID_CELLS_FREE cells, or
 * GRID_CELLS_PER_VALUE cells per value logged. A 0.9 MB event file of 20,000 tags, each at a step of its
 * own, would otherwise ask for 400 million cells (11.8 GB): an error saying so instead.
 */
export class ScalarGridBuilder {
  private values = 0;
  private readonly rowOfStep = new Map<number, number>();
  private steps = new Float64Array(1024);
  private wallTimes = new Float64Array(1024);
  private readonly tags = new Map<string, TagColumn>();
  private rows = 0;
  private lastStep = Number.NaN;
  private lastRow = -1;

  add(tag: string, step: number, wallTime: number, value: number, float32: boolean): void {
    // Writers log every tag of a step together: most scalars share the previous one's step.
    let row = step === this.lastStep ? this.lastRow : this.rowOfStep.get(step);
    if (row === undefined) {
      this.checkBudget(this.tags.size + (this.tags.has(tag) ? 0 : 1), this.rows + 1);
      row = this.rows++;
      if (row === this.steps.length) this.grow(this.steps.length * 2);
      this.rowOfStep.set(step, row);
      this.steps[row] = step;
      this.wallTimes[row] = wallTime;
    } else if (wallTime > (this.wallTimes[row] as number)) this.wallTimes[row] = wallTime;
    this.lastStep = step;
    this.lastRow = row;
    this.values++;
    let column = this.tags.get(tag);
    if (!column) {
      this.checkBudget(this.tags.size + 1, this.rows);
      column = {
        values: new Float64Array(this.steps.length),
        present: new Uint8Array(this.steps.length),
        float32,
      };
      this.tags.set(tag, column);
    }
    column.values[row] = value;
    column.present[row] = 1;
    if (!float32) column.float32 = false;
  }

  private checkBudget(tags: number, rows: number): void {
    const cells = tags * rows;
    if (cells > GRID_CELLS_FREE && cells > GRID_CELLS_PER_VALUE * (this.values + 1)) {
      throw new GridBudgetError(
        `at least ${tags} tags over ${rows} steps: a table of ${cells.toLocaleString('en')} cells for ${this.values + 1} values, ` +
          `more than ${GRID_CELLS_PER_VALUE} cells per value past ${GRID_CELLS_FREE.toLocaleString('en')} (the limit that keeps memory to the values read)`,
      );
    }
  }

  finish(): ScalarGrid {
    const order = Array.from({ length: this.rows }, (_, row) => row).sort(
      (a, b) => (this.steps[a] as number) - (this.steps[b] as number),
    );
    const pick = <T extends Float64Array | Uint8Array>(source: T, make: (n: number) => T): T => {
      const out = make(order.length);
      for (let i = 0; i < order.length; i++) out[i] = source[order[i] as number] as number;
      return out;
    };
    const tags = new Map<string, TagColumn>();
    for (const [tag, column] of this.tags) {
      tags.set(tag, {
        values: pick(column.values, (n) => new Float64Array(n)),
        present: pick(column.present, (n) => new Uint8Array(n)),
        float32: column.float32,
      });
    }
    return {
      steps: pick(this.steps, (n) => new Float64Array(n)),
      wallTimes: pick(this.wallTimes, (n) => new Float64Array(n)),
      tags,
    };
  }

  private grow(capacity: number): void {
    const widen = <T extends Float64Array | Uint8Array>(source: T, make: (n: number) => T): T => {
      const out = make(capacity);
      out.set(source);
      return out;
    };
    this.steps = widen(this.steps, (n) => new Float64Array(n));
    this.wallTimes = widen(this.wallTimes, (n) => new Float64Array(n));
    for (const column of this.tags.values()) {
      column.values = widen(column.values, (n) => new Float64Array(n));
      column.present = widen(column.present, (n) => new Uint8Array(n));
    }
  }
}
