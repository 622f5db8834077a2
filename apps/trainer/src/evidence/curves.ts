import { type CurveRecorder, curveRecorderFromEnv } from '@evidence/plots';

/** Per-episode training curves (reward, its running mean, policy entropy) through the curve recorder. */
export class EpisodeCurves {
  private constructor(private readonly recorder: CurveRecorder) {}

  /** null when curves are off (DISABLE_CURVES, --no-curves, or a non-zero rank). */
  static fromEnv(options: {
    env: Record<string, string | undefined>;
    prefix?: string;
    averageWindow: number;
  }): EpisodeCurves | null {
    const recorder = curveRecorderFromEnv('train', options);
    return recorder ? new EpisodeCurves(recorder) : null;
  }

  log(episode: number, reward: number, avgReward: number, metrics: { entropy: number }): void {
    this.recorder.logEpisode(episode, reward, avgReward, metrics);
  }

  save(): Promise<string[]> {
    return this.recorder.save();
  }
}
