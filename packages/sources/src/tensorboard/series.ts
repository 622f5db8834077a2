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

interface AccumulatorState {
  fileVersion: number;
  seenSessionStart: boolean;
  mostRecentStep: number;
  highest: number;
}

const newState = (): AccumulatorState => ({
  fileVersion: 0,
  seenSessionStart: false,
  mostRecentStep: Number.NEGATIVE_INFINITY,
  highest: Number.NEGATIVE_INFINITY,
});

/**
 * Collects the scalars of one run's event files, in TensorBoard's loading order. Every value is kept,
 * several at one step too (CleanRL logs one `charts/episodic_return` per finished environment, all at one
 * global_step). Restarts are TensorBoard's EventAccumulator rules (`_MaybePurgeOrphanedData`), exactly:
 * - a run whose files say `file_version` >= 2 (`brain.Event:2`: TF2, torch, tensorboardX, TF1 since
 *   2016) purges only at a SessionLog START after the run's first one: every tag's points at or after its
 *   step (`_CheckForRestartAndMaybePurge`). Steps going back without a START are kept, as TensorBoard
 *   keeps them; each new file starting below where the run was is said (an attempt not marked);
 * - a run without a file version (old TF1 files) purges by steps: an event whose step is below the step
 *   of the last event with a summary (any tag) purges, for the tags it holds, their points at or after its
 *   step (`_CheckForOutOfOrderStepAndMaybePurge`).
 */
export class SeriesBuilder {
  private readonly tags = new Map<string, { builder: TagBuilder; source: string }>();
  readonly restarts: Restart[] = [];
  /** Files (after the first) whose first step is below the highest step read before them, no START. */
  readonly unmarked: { file: string; step: number; previous: number; firstStart: boolean }[] = [];
  private lastTag = '';
  private last: TagBuilder | null = null;
  /** The distinct steps logged, and the values: the run's table is tags × steps cells. */
  private readonly steps = new Set<number>();
  private values = 0;
  /** TensorBoard's accumulator state, one per folder (an add_scalars subfolder is a run of its own there). */
  private readonly folders = new Map<string, AccumulatorState>();
  private state: AccumulatorState = newState();
  private fileFirstStep = true;
  /** This file opened with the run's first SessionLog START (which TensorBoard takes as no restart). */
  private firstStartInFile = false;

  /** A new file of the run starts (files are read in TensorBoard's order: by path). */
  startFile(source: string): void {
    const folder = source.includes('/') ? source.slice(0, source.lastIndexOf('/')) : '';
    let state = this.folders.get(folder);
    if (!state) {
      state = newState();
      this.folders.set(folder, state);
    }
    this.state = state;
    this.fileFirstStep = true;
    this.firstStartInFile = false;
  }

  setFileVersion(version: number): void {
    this.state.fileVersion = version;
  }

  /** An event with a summary, before its values are added. */
  summaryEvent(source: string, step: number, tags: () => readonly string[]): void {
    const state = this.state;
    if (this.fileFirstStep) {
      this.fileFirstStep = false;
      if (step < state.highest && state.fileVersion >= 2)
        this.unmarked.push({
          file: source,
          step,
          previous: state.highest,
          firstStart: this.firstStartInFile,
        });
    }
    if (state.fileVersion < 2 && step < state.mostRecentStep) {
      let purged = 0;
      for (const tag of new Set(tags())) purged += this.tags.get(tag)?.builder.purgeFrom(step) ?? 0;
      if (purged > 0) this.restart(source, step, state.mostRecentStep, 'step-back', purged);
    }
    state.mostRecentStep = step;
    if (step > state.highest) state.highest = step;
  }

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
    // TensorBoard checks START only in files of version >= 2; the run's first START is its start.
    if (this.state.fileVersion < 2) return;
    if (!this.state.seenSessionStart) {
      this.state.seenSessionStart = true;
      this.firstStartInFile = true;
      return;
    }
    let purged = 0;
    let previous = Number.NEGATIVE_INFINITY;
    for (const { builder } of this.tags.values()) {
      previous = Math.max(previous, builder.lastStep);
      purged += builder.purgeFrom(step);
    }
    this.restart(source, step, previous, 'session-start', purged);
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
