/** The JSON written beside each GIF, with the Python reference's field names. */
export interface EpisodeJson {
  episode: number;
  episode_reward: number | null;
  avg_reward: number | null;
  step_count: number;
  solved: boolean;
  frame_count: number;
  frames_dropped: number;
  actions: unknown[];
  active_option_ids: unknown[];
  metadata: Record<string, unknown>;
  fps: number;
  /** present when the episode has no GIF, saying why */
  warning?: string;
  /** frames that were rejected, and encoding failures */
  errors?: string[];
}

export const NO_FRAMES_WARNING =
  'No frames were captured for this episode. Ensure the environment renders RGB frames ' +
  "(e.g. render_mode='rgb_array') and that its rendering dependencies are installed.";

/** JSON text; NaN and ±Infinity become null, as JSON has no such numbers. */
export function episodeJsonText(record: EpisodeJson): string {
  return `${JSON.stringify(record, null, 2)}\n`;
}
