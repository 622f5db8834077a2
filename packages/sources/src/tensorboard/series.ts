/** TensorBoard scalars as series: every value kept in the order written, TensorBoard's restart rules applied. */
import type { Restart, Series } from '../model.js';

class TagBuilder {
  steps = new Float64Array(64);
  wallTimes = new Float64Array(64);
  values = new Float64Array(64);
  length = 0;
  float32 = true;
  lastStep = Number.NEGATIVE_INFINITY;

  push(step: number, wallTime: number, value: number): void {
    if (this.length === this.steps.length) this.grow();
    this.steps[this.length] = step;
    this.wallTimes[this.length] = wallTime;
    this.values[this.length] = value;
    this.length++;
    this.lastStep = step;
  }

  /** Drops every point at or after `step`; how many. */
  purgeFrom(step: number): number {
    let kept = 0;
    for (let i = 0; i < this.length; i++) {
      if ((this.steps[i] as number) >= step) continue;
      this.steps[kept] = this.steps[i] as number;
      this.wallTimes[kept] = this.wallTimes[i] as number;
      this.values[kept] = this.values[i] as number;
      kept++;
    }
    const purged = this.length - kept;
    this.length = kept;
    this.lastStep = kept > 0 ? (this.steps[kept - 1] as number) : Number.NEGATIVE_INFINITY;
    return purged;
  }

  private grow(): void {
    const size = this.steps.length * 2;
    const widen = (a: Float64Array) => {
      const out = new Float64Array(size);
      out.set(a);
      return out;
    };
    this.steps = widen(this.steps);
    this.wallTimes = widen(this.wallTimes);
    this.values = widen(this.values);
  }
}

/** Scalar tags one run may hold: a table (or an alignment of runs) of more would not fit in memory. */
export const MAX_TAGS = 10_000;
/** Cells of the run's table (tags × distinct steps) free of charge; past them, at most this many per value. */
export const CELLS_FREE = 8_000_000;
export const CELLS_PER_VALUE = 64;

/** A run past a reading limit: thrown while reading, naming the file, before memory grows with it. */
export class TensorboardLimitError extends Error {
  override name = 'TensorboardLimitError';
}

/**
 * Collects the scalars of one run's event files. Every value is kept, several at one step too (CleanRL
 * logs one `charts/episodic_return` per finished environment, all at one global_step). A SessionLog START
 * at step s purges every tag's points at or after s logged before it; a tag whose step goes back purges
 * its own points at or after the new step (TensorBoard's EventAccumulator rules). Each is a Restart.
 */
export class SeriesBuilder {
  private readonly tags = new Map<string, { builder: TagBuilder; source: string }>();
  readonly restarts: Restart[] = [];
  private lastTag = '';
  private last: TagBuilder | null = null;
  /** The distinct steps logged, and the values: the run's table is tags × steps cells. */
  private readonly steps = new Set<number>();
  private values = 0;

  /** `file`: named in a limit's error (the event file being read). */
  scalar(
    tag: string,
    source: string,
    step: number,
    wallTime: number,
    value: number,
    float32: boolean,
    file = source,
  ): void {
    let builder = tag === this.lastTag ? this.last : this.tags.get(tag)?.builder;
    if (!builder) {
      if (this.tags.size >= MAX_TAGS)
        throw new TensorboardLimitError(
          `${file}: more than ${MAX_TAGS.toLocaleString('en')} scalar tags in one run; not read (a table of them would not fit in memory)`,
        );
      builder = new TagBuilder();
      this.tags.set(tag, { builder, source });
      this.checkCells(file);
    }
    this.values++;
    if (!this.steps.has(step)) {
      this.steps.add(step);
      this.checkCells(file);
    }
    this.lastTag = tag;
    this.last = builder;
    if (step < builder.lastStep) {
      const previous = builder.lastStep;
      this.restart(source, step, previous, 'step-back', builder.purgeFrom(step));
    }
    builder.push(step, wallTime, value);
    if (!float32) builder.float32 = false;
  }

  /** Sparse tags (each at steps of its own) make a table of tags × steps cells: bounded while reading. */
  private checkCells(file: string): void {
    const cells = this.tags.size * this.steps.size;
    if (cells > CELLS_FREE && cells > CELLS_PER_VALUE * this.values)
      throw new TensorboardLimitError(
        `${file}: at least ${this.tags.size} tags over ${this.steps.size} steps: a table of ${cells.toLocaleString('en')} cells for ${this.values} values, more than ${CELLS_PER_VALUE} cells per value past ${CELLS_FREE.toLocaleString('en')}; not read`,
      );
  }

  sessionStart(source: string, step: number): void {
    let purged = 0;
    let previous = Number.NEGATIVE_INFINITY;
    for (const { builder } of this.tags.values()) {
      previous = Math.max(previous, builder.lastStep);
      purged += builder.purgeFrom(step);
    }
    // A START in a run's first file, before anything was logged, is its start, not a restart.
    if (previous > Number.NEGATIVE_INFINITY) this.restart(source, step, previous, 'session-start', purged);
  }

  private restart(file: string, step: number, previous: number, kind: Restart['kind'], purged: number): void {
    const same = this.restarts.find((r) => r.file === file && r.step === step && r.kind === kind);
    if (same) {
      same.purged += purged;
      same.previous = Math.max(same.previous, previous);
    } else this.restarts.push({ file, step, previous, purged, kind });
  }

  finish(): Series[] {
    return [...this.tags].map(([metric, { builder, source }]) => ({
      metric,
      source,
      steps: builder.steps.slice(0, builder.length),
      wallTimes: builder.wallTimes.slice(0, builder.length),
      values: builder.values.slice(0, builder.length),
      float32: builder.float32,
    }));
  }
}
