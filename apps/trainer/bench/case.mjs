// One benchmark case in a fresh process, so its peak RSS is its own: runs the built trainer with
// the given flags and prints one JSON line with timings, memory and the before/after means.
import { parseConfig, train } from '../dist/index.js';

const started = performance.now();
const config = parseConfig(process.argv.slice(2));
const result = await train(config);
const wall = (performance.now() - started) / 1000;
process.stdout.write(
  `${JSON.stringify({
    wallS: wall,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
    episodes: result.trainingEpisodes,
    pre: result.pre.meanReward,
    post: result.post.meanReward,
    ci: result.metrics?.ci95.mean_reward ?? null,
    problems: result.problems,
  })}\n`,
);
