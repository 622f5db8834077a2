// Run by crash-safety.test.ts: records part of an episode, then dies before end(): killed with
// SIGKILL, or (argument "exit") through process.exit.
import { readdirSync } from 'node:fs';
import { EpisodeRecorder } from '../../src/index.js';
import { sceneFrame } from '../scene.js';

const dir = process.argv[2] as string;
const recorder = new EpisodeRecorder({
  dir,
  prefix: 'train',
  schedule: { every: 1 },
  poolSize: 2,
  paletteFrames: 1,
});
const capture = recorder.begin(0);
for (let i = 0; i < 200; i++) {
  const waiting = capture?.addFrame({ width: 160, height: 120, data: sceneFrame(160, 120, i) });
  if (waiting) await waiting;
}
// wait until the worker has written part of the file, then die without any cleanup
for (;;) {
  await new Promise((resolve) => setTimeout(resolve, 20));
  if (readdirSync(dir).some((name) => name.endsWith('.tmp'))) break;
}
if (process.argv[3] === 'exit') {
  process.stdout.write('exiting\n');
  process.exit(0);
}
process.stdout.write('killing\n');
process.kill(process.pid, 'SIGKILL');
