// Run by node-flags.test.ts under flags a worker thread cannot take (--trace-gc): records one episode.
import { EpisodeRecorder } from '../../src/index.js';
import { sceneFrame } from '../scene.js';

const recorder = new EpisodeRecorder({
  dir: process.argv[2] as string,
  prefix: 'train',
  schedule: { every: 1 },
});
const frames = Array.from({ length: 5 }, (_, i) => sceneFrame(64, 48, i));
const files = await recorder.record({
  episode: 0,
  frames: frames.map((data) => ({ width: 64, height: 48, data })),
  reward: 1,
});
await recorder.close();
process.stdout.write(`${JSON.stringify(files)}\n`);
