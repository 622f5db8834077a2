/** Python's round(): halves go to the even neighbour, so names match the reference trainer's. */
export function roundHalfEven(value: number): number {
  const floor = Math.floor(value);
  const diff = value - floor;
  if (diff < 0.5) return floor;
  if (diff > 0.5) return floor + 1;
  return floor % 2 === 0 ? floor : floor + 1;
}

function roundedText(value: number): string {
  if (Number.isNaN(value)) return 'nan';
  if (!Number.isFinite(value)) return value > 0 ? 'inf' : '-inf';
  const rounded = roundHalfEven(value);
  return String(rounded === 0 ? 0 : rounded); // no "-0"
}

/** `<prefix>_episode_<0000>_reward_<r>_avg_<a>` (no extension), as the Python reference names them. */
export function episodeFileStem(prefix: string, episode: number, reward: number, avgReward: number): string {
  const head = prefix ? `${prefix}_` : '';
  return `${head}episode_${String(episode).padStart(4, '0')}_reward_${roundedText(reward)}_avg_${roundedText(avgReward)}`;
}
