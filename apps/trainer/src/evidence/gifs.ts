import { animationRecorderFromEnv, type EpisodeRecorder } from '@evidence/animation';
import type { EpisodeTrace } from '../episode.js';
import { CartPoleRenderer } from '../render/cartpole-frame.js';

/**
 * GIFs of the training episodes the capture schedule picks (ANIMATION_EPISODES / _EVERY / _LAST).
 * States are kept for every episode (cheap), but frames are drawn only for episodes the schedule
 * captures, after the episode ends.
 */
export class EpisodeFilms {
  private renderer: CartPoleRenderer | null = null;
  readonly written: string[] = [];

  private constructor(
    private readonly recorder: EpisodeRecorder,
    private readonly maxSteps: number,
  ) {}

  /** null when animations are off (DISABLE_ANIMATIONS, --no-animations, or a non-zero rank). */
  static fromEnv(options: {
    env: Record<string, string | undefined>;
    prefix?: string;
    maxSteps: number;
    onError: (error: Error) => void;
  }): EpisodeFilms | null {
    const recorder = animationRecorderFromEnv('train', {
      env: options.env,
      prefix: options.prefix,
      onError: options.onError,
    });
    return recorder ? new EpisodeFilms(recorder, options.maxSteps) : null;
  }

  /** Films `trace` as training episode `episode` if the schedule captures it. */
  async film(episode: number, totalEpisodes: number, trace: EpisodeTrace, avgReward: number): Promise<void> {
    const capture = this.recorder.begin(episode, totalEpisodes);
    if (!capture) return;
    this.renderer ??= new CartPoleRenderer();
    for (let t = 0; t <= trace.steps; t++) {
      const canvas = this.renderer.draw(trace.states.subarray(t * 4, t * 4 + 4), {
        episode,
        step: t,
        maxSteps: this.maxSteps,
        reward: t,
        action: t < trace.steps ? trace.actions[t] : undefined,
      });
      await capture.addFrame(canvas, t < trace.steps ? { action: trace.actions[t]! } : {});
    }
    const result = await capture.end({
      reward: trace.return,
      avgReward,
      solved: trace.ending === 'time',
      metadata: { ending: trace.ending, steps: trace.steps },
    });
    if (result.gif) this.written.push(result.gif);
    if (result.json) this.written.push(result.json);
  }

  close(): Promise<void> {
    return this.recorder.close();
  }
}
