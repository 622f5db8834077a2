/** The rules of a capture schedule; an episode is captured when any rule given says so. */
export interface CaptureScheduleOptions {
  /** explicit episode indices */
  episodes?: readonly number[];
  /** every N-th episode (`episode % N === 0`); 0 switches the rule off */
  every?: number;
  /** the last N episodes (`episode >= totalEpisodes - N`); needs `totalEpisodes`; 0 switches it off */
  last?: number;
  /** Gymnasium's capped cubic schedule: 0, 1, 8, 27, …, 729, then every 1000 */
  cubic?: boolean;
}

/** The schedule `EpisodeRecorder` uses when given none, the same as the environment defaults. */
export const DEFAULT_CAPTURE_SCHEDULE: Readonly<CaptureScheduleOptions> = Object.freeze({
  every: 100,
  last: 1,
});

function checkCount(name: string, value: number | undefined): number {
  if (value === undefined) return 0;
  if (!Number.isInteger(value) || value < 0) {
    throw new RangeError(`CaptureSchedule: ${name} must be a whole number ≥ 0, got ${String(value)}`);
  }
  return value;
}

/** Gymnasium's `capped_cubic_video_schedule`: perfect cubes below 1000, then multiples of 1000. */
export function isCappedCubic(episode: number): boolean {
  if (episode < 1000) {
    const root = Math.round(Math.cbrt(episode));
    return root * root * root === episode;
  }
  return episode % 1000 === 0;
}

/**
 * Which episodes to record: the union of the listed episodes, every N-th, the last N and the
 * capped cubic schedule. Rules that are not given are off, so `new CaptureSchedule({})` captures nothing.
 */
export class CaptureSchedule {
  readonly episodes: ReadonlySet<number>;
  readonly every: number;
  readonly last: number;
  readonly cubic: boolean;

  constructor(options: CaptureScheduleOptions = {}) {
    const episodes = options.episodes ?? [];
    for (const episode of episodes) {
      if (!Number.isInteger(episode) || episode < 0) {
        throw new RangeError(`CaptureSchedule: episodes must be whole numbers ≥ 0, got ${String(episode)}`);
      }
    }
    this.episodes = new Set(episodes);
    this.every = checkCount('every', options.every);
    this.last = checkCount('last', options.last);
    this.cubic = options.cubic ?? false;
  }

  /**
   * Whether to record `episode` (0-based) of a run of `totalEpisodes`. Without `totalEpisodes`
   * (or with a non-finite one) the `last` rule cannot apply.
   */
  shouldCapture(episode: number, totalEpisodes?: number): boolean {
    if (!Number.isInteger(episode) || episode < 0) return false;
    if (this.episodes.has(episode)) return true;
    if (this.every > 0 && episode % this.every === 0) return true;
    if (this.last > 0 && totalEpisodes !== undefined && Number.isFinite(totalEpisodes)) {
      if (episode >= totalEpisodes - this.last) return true;
    }
    return this.cubic && isCappedCubic(episode);
  }

  toJSON(): CaptureScheduleOptions {
    return {
      episodes: [...this.episodes].sort((a, b) => a - b),
      every: this.every,
      last: this.last,
      cubic: this.cubic,
    };
  }
}
