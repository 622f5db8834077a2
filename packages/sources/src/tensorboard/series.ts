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

  scalar(tag: string, source: string, step: number, wallTime: number, value: number, float32: boolean): void {
    let builder = tag === this.lastTag ? this.last : this.tags.get(tag)?.builder;
    if (!builder) {
      builder = new TagBuilder();
      this.tags.set(tag, { builder, source });
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
