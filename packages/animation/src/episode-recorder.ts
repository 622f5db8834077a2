import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { checkNamePart, writeFileAtomic } from '@evidence/node-kit';
import { defaultPoolSize } from './buffer-pool.js';
import {
  CaptureSchedule,
  type CaptureScheduleOptions,
  DEFAULT_CAPTURE_SCHEDULE,
} from './capture-schedule.js';
import { EncoderThread, type EncodingSession } from './encoder-thread.js';
import { type EpisodeJson, episodeJsonText, NO_FRAMES_WARNING } from './episode-json.js';
import { EncodingError, FrameError } from './errors.js';
import { episodeFileStem } from './file-names.js';
import { type Frame, FrameProblem, type FrameSource, inspectFrame } from './frame.js';
import { checkFps, MAX_FAITHFUL_FPS } from './gif-timing.js';

export interface EpisodeRecorderOptions {
  /** folder for the GIFs and their JSON (created when needed) */
  dir: string;
  /** file-name prefix, usually the mode (`train` → `train_episode_0000_…`); a plain name part (no `/`, `..`) */
  prefix?: string;
  /** playback rate, default 30; above 50 browsers play slower than asked, so a warning is printed once */
  fps?: number;
  /** frames kept per episode, default 400; later frames are dropped and counted; 0 = no limit */
  maxFrames?: number;
  /** which episodes to record, default `{ every: 100, last: 1 }` */
  schedule?: CaptureSchedule | CaptureScheduleOptions;
  /**
   * frame buffers per episode in flight to the encoder; bounds memory at poolSize × width × height ×
   * channels bytes (4 at most). Default: as many frames of the first frame's size as fit in 32 MiB, at
   * least 8 and at most 64 (46 for 600×400 RGB frames, 34 for RGBA).
   */
  poolSize?: number;
  /** the palette is built from this many first frames, default 6 (at most poolSize) */
  paletteFrames?: number;
  /** bad frames and failed writes; default: printed to stderr (the first bad frame of each episode) */
  onError?: (error: Error) => void;
}

export interface FrameInfo {
  /** the action taken at this step (any JSON value) */
  action?: unknown;
  /** the option (sub-policy) active at this step, for hierarchical agents */
  optionId?: unknown;
}

export interface EpisodeEnd {
  reward: number;
  /** running average reward, default `reward` */
  avgReward?: number;
  solved?: boolean;
  metadata?: Record<string, unknown>;
}

/** The files written for an episode. `json` is null only when even the JSON could not be written. */
export interface EpisodeFiles {
  gif: string | null;
  json: string | null;
}

export interface EpisodeTrace extends EpisodeEnd {
  episode: number;
  totalEpisodes?: number;
  /** one entry per step; null for a step without a frame */
  frames: Iterable<Frame | null | undefined>;
  actions?: readonly unknown[];
  optionIds?: readonly unknown[];
}

const MAX_ERRORS_IN_JSON = 50;
let warnedAboutFps = false;

const printError = (error: Error) => console.error(`[@evidence/animation] ${error.message}`);

function positiveInteger(name: string, value: number, min: number): number {
  if (!Number.isInteger(value) || value < min) {
    throw new RangeError(`EpisodeRecorder: ${name} must be a whole number ≥ ${min}, got ${String(value)}`);
  }
  return value;
}

/**
 * Records chosen episodes as GIFs with a JSON beside each. Frames go to a worker thread through a
 * small pool of transferred buffers, so the training loop only waits when the encoder falls behind.
 */
export class EpisodeRecorder {
  readonly dir: string;
  readonly prefix: string;
  readonly fps: number;
  readonly maxFrames: number;
  readonly schedule: CaptureSchedule;
  /** @internal undefined: sized from the first frame (defaultPoolSize) */ readonly poolSize:
    | number
    | undefined;
  /** @internal */ readonly paletteFrames: number;
  /** @internal */ readonly thread = new EncoderThread();
  /** @internal */ readonly report: (error: Error) => void;
  private readonly open = new Set<EpisodeCapture>();
  private readonly ending = new Set<Promise<unknown>>();
  private closed = false;

  constructor(options: EpisodeRecorderOptions) {
    this.dir = options.dir;
    this.prefix = options.prefix ?? '';
    if (this.prefix !== '') checkNamePart(this.prefix, 'EpisodeRecorder prefix');
    this.fps = checkFps(options.fps ?? 30);
    this.maxFrames = positiveInteger('maxFrames', options.maxFrames ?? 400, 0);
    const schedule = options.schedule ?? DEFAULT_CAPTURE_SCHEDULE;
    this.schedule = schedule instanceof CaptureSchedule ? schedule : new CaptureSchedule(schedule);
    this.poolSize =
      options.poolSize === undefined ? undefined : positiveInteger('poolSize', options.poolSize, 2);
    this.paletteFrames = positiveInteger('paletteFrames', options.paletteFrames ?? 6, 1);
    this.report = options.onError ?? printError;
    if (this.fps > MAX_FAITHFUL_FPS && !warnedAboutFps) {
      warnedAboutFps = true;
      process.emitWarning(
        `GIF at ${this.fps} fps: browsers play frame delays under 2 cs (above ${MAX_FAITHFUL_FPS} fps) much slower than asked`,
        'EvidenceAnimationWarning',
      );
    }
  }

  /** A capture for this episode, or null when the schedule skips it (then render nothing). */
  begin(episode: number, totalEpisodes?: number): EpisodeCapture | null {
    if (this.closed) throw new Error('EpisodeRecorder: begin() after close()');
    checkNamePart(String(episode), 'EpisodeRecorder episode'); // it is part of the file name (a bridge may pass text)
    if (!this.schedule.shouldCapture(episode, totalEpisodes)) return null;
    this.ensureDir();
    const capture = new EpisodeCapture(this, episode);
    this.open.add(capture);
    return capture;
  }

  /** Records a finished episode whose frames are all at hand; null when the schedule skips it. */
  async record(trace: EpisodeTrace): Promise<EpisodeFiles | null> {
    const capture = this.begin(trace.episode, trace.totalEpisodes);
    if (!capture) return null;
    let step = 0;
    const info = (i: number): FrameInfo => ({ action: trace.actions?.[i], optionId: trace.optionIds?.[i] });
    for (const frame of trace.frames) {
      const waiting = capture.addFrame(frame, info(step++));
      if (waiting) await waiting;
    }
    const steps = Math.max(trace.actions?.length ?? 0, trace.optionIds?.length ?? 0);
    while (step < steps) capture.addFrame(null, info(step++));
    return capture.end(trace);
  }

  /** Waits for the episodes being written, discards captures never ended, stops the worker. */
  async close(): Promise<void> {
    this.closed = true;
    for (const capture of [...this.open]) {
      capture.discard();
      this.report(new Error(`episode ${capture.episode} was begun but never ended; its GIF was discarded`));
    }
    await Promise.allSettled([...this.ending]);
    await this.thread.terminate();
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.close();
  }

  /** @internal */
  ensureDir(): void {
    mkdirSync(this.dir, { recursive: true });
  }

  /** @internal */
  track(capture: EpisodeCapture, ending: Promise<unknown>): void {
    this.open.delete(capture);
    this.ending.add(ending);
    ending.finally(() => this.ending.delete(ending)).catch(() => {});
  }

  /** @internal */
  untrack(capture: EpisodeCapture): void {
    this.open.delete(capture);
  }
}

/** One episode being recorded: `addFrame` for each step, then `end`. */
export class EpisodeCapture {
  private readonly actions: unknown[] = [];
  private readonly optionIds: unknown[] = [];
  private readonly errors: string[] = [];
  private rejected = 0;
  private admitted = 0;
  private dropped = 0;
  private size: { width: number; height: number } | null = null;
  private session: EncodingSession | null = null;
  private queue: Promise<void> | null = null;
  private state: 'open' | 'ending' | 'discarded' = 'open';

  constructor(
    private readonly recorder: EpisodeRecorder,
    readonly episode: number,
  ) {}

  /** @internal Frame buffers handed to the encoder and not yet back. */
  get buffersInUse(): number {
    return this.session?.pool.outstanding ?? 0;
  }

  /** @internal Buffers back from the encoder (or made ahead by it), ready for the next frames. */
  get buffersReady(): number {
    return this.session?.pool.ready ?? 0;
  }

  /** @internal Frame buffers allocated for this episode so far, the encoder's included. */
  get buffersAllocated(): number {
    return this.session?.pool.size ?? 0;
  }

  /** @internal Frame buffers this (the training) thread allocated for this episode. */
  get buffersAllocatedHere(): number {
    return this.session?.pool.allocatedHere ?? 0;
  }

  /** Steps so far (calls to addFrame). */
  get stepCount(): number {
    return this.actions.length;
  }

  /**
   * Adds the frame of one step (null for a step without a frame). Returns a promise only when
   * the encoder is behind and every buffer is in use: await it, and keep the frame unchanged until
   * it resolves. A bad frame is skipped and reported; it never throws for bad data.
   */
  addFrame(frame: Frame | null | undefined, info: FrameInfo = {}): undefined | Promise<void> {
    if (this.state !== 'open') {
      throw new Error(
        `episode ${this.episode}: addFrame() after ${this.state === 'ending' ? 'end()' : 'discard() or close()'}`,
      );
    }
    const index = this.actions.length;
    this.actions.push(info.action ?? null);
    this.optionIds.push(info.optionId ?? null);
    if (frame === null || frame === undefined) return undefined;
    const { maxFrames } = this.recorder;
    if (maxFrames > 0 && this.admitted >= maxFrames) {
      this.dropped++;
      return undefined;
    }
    let source: FrameSource;
    try {
      source = inspectFrame(frame);
      if (this.size && (source.width !== this.size.width || source.height !== this.size.height)) {
        throw new FrameProblem(
          `${this.size.width}×${this.size.height} pixels (the size of the episode's first frame)`,
          `${source.width}×${source.height}`,
        );
      }
    } catch (error) {
      this.reject(index, error);
      return undefined;
    }
    this.size ??= { width: source.width, height: source.height };
    this.admitted++;
    if (this.queue) return this.enqueue(this.queue.then(() => this.take(source, index)));
    const taken = this.take(source, index);
    return taken ? this.enqueue(taken) : undefined;
  }

  /** Finishes the GIF and writes the JSON; resolves to the paths written. Never rejects. */
  end(result: EpisodeEnd): Promise<EpisodeFiles> {
    if (this.state !== 'open')
      throw new Error(`episode ${this.episode}: end() called twice or after close()`);
    this.state = 'ending';
    const ending = this.finish(result);
    this.recorder.track(this, ending);
    return ending;
  }

  /** Abandons the episode (after an error in your loop, say): its temp file is deleted, nothing is written. */
  discard(): void {
    if (this.state !== 'open') return; // ended episodes finish; discarding twice is harmless
    this.state = 'discarded';
    this.recorder.untrack(this);
    this.session?.abort();
  }

  private enqueue(waiting: Promise<void>): Promise<void> {
    this.queue = waiting;
    waiting.then(() => {
      if (this.queue === waiting) this.queue = null;
    });
    return waiting;
  }

  private take(source: FrameSource, index: number): undefined | Promise<void> {
    const session = this.session ?? this.openSession(source);
    const buffer = session.tryAcquire();
    if (buffer) {
      this.fill(session, buffer, source, index);
      return undefined;
    }
    return session.waitForBuffer().then((freed) => {
      // null: encoding stopped (failure or discard), reported when the episode ends
      if (freed && this.state !== 'discarded') this.fill(session, freed, source, index);
    });
  }

  private fill(session: EncodingSession, pooled: Uint8Array, source: FrameSource, index: number): void {
    const buffer = session.pool.fit(pooled, source.width * source.height * source.channels);
    try {
      source.write(buffer);
    } catch (error) {
      session.pool.release(buffer);
      this.admitted--;
      this.reject(index, error);
      return;
    }
    session.send(buffer, source.channels);
  }

  private openSession(source: FrameSource): EncodingSession {
    const { recorder } = this;
    const poolSize = recorder.poolSize ?? defaultPoolSize(source.width * source.height * source.channels);
    const head = episodeFileStem(recorder.prefix, this.episode, 0, 0).replace(/_reward_.*$/, '');
    this.session = recorder.thread.open({
      besidePath: join(recorder.dir, `${head}.gif`),
      width: source.width,
      height: source.height,
      fps: recorder.fps,
      paletteFrames: Math.min(recorder.paletteFrames, poolSize),
      poolSize,
      channels: source.channels,
    });
    return this.session;
  }

  private reject(index: number, error: unknown): void {
    const problem =
      error instanceof FrameProblem
        ? new FrameError(this.episode, index, error.expected, error.received)
        : new FrameError(
            this.episode,
            index,
            'a readable frame',
            error instanceof Error ? error.message : String(error),
          );
    this.rejected++;
    if (this.errors.length < MAX_ERRORS_IN_JSON) this.errors.push(problem.message);
    if (this.rejected === 1) this.recorder.report(problem);
  }

  private async finish(result: EpisodeEnd): Promise<EpisodeFiles> {
    const { recorder, episode } = this;
    await this.queue;
    const reward = result.reward;
    const avgReward = result.avgReward ?? reward;
    const stem = episodeFileStem(recorder.prefix, episode, reward, avgReward);
    const json = join(recorder.dir, `${stem}.json`);
    let gif: string | null = null;
    let frameCount = 0;
    let warning: string | undefined;
    const allRejected = `No frames were captured for this episode: all ${this.rejected} frames were rejected (see errors).`;
    if (this.session) {
      const outcome = await this.session.end(join(recorder.dir, `${stem}.gif`));
      if (outcome.ok) {
        gif = outcome.path;
        frameCount = outcome.frames;
      } else if (this.admitted === 0) {
        warning = allRejected; // every frame failed while being copied (a NaN, text): the worker wrote no GIF
      } else {
        const failure = new EncodingError(episode, outcome.message);
        this.errors.push(failure.message);
        recorder.report(failure);
        warning = `No GIF: ${failure.message}`;
      }
    } else if (this.rejected > 0) {
      warning = allRejected;
    } else {
      warning = NO_FRAMES_WARNING;
    }
    if (this.rejected > 1) {
      recorder.report(
        new Error(`episode ${episode}: ${this.rejected} frames were rejected in all (listed in ${json})`),
      );
    }
    if (this.rejected > MAX_ERRORS_IN_JSON)
      this.errors.push(`… ${this.rejected} frames were rejected in all`);
    const record: EpisodeJson = {
      episode,
      episode_reward: reward,
      avg_reward: avgReward,
      step_count: this.actions.length,
      solved: result.solved ?? false,
      frame_count: frameCount,
      frames_dropped: this.dropped,
      actions: this.actions,
      active_option_ids: this.optionIds,
      metadata: result.metadata ?? {},
      fps: recorder.fps,
      ...(warning === undefined ? {} : { warning }),
      ...(this.errors.length > 0 ? { errors: this.errors } : {}),
    };
    try {
      await writeFileAtomic(json, episodeJsonText(record));
    } catch (error) {
      recorder.report(new Error(`episode ${episode}: could not write ${json}: ${(error as Error).message}`));
      return { gif, json: null };
    }
    return { gif, json };
  }
}
