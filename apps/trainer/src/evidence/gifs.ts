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
    // one frame per step: the state after the step, with the push that led to it
    let reward = 0;
    for (let t = 1; t <= trace.steps; t++) {
      const action = trace.actions[t - 1]!;
      reward += trace.rewards[t - 1]!;
      const canvas = this.renderer.draw(trace.states.subarray(t * 4, t * 4 + 4), {
        episode,
        step: t,
        maxSteps: this.maxSteps,
        reward,
        action,
      });
      await capture.addFrame(canvas, { action });
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
