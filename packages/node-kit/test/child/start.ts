// Started by start-worker.test.ts under the exec flags it tests: starts one worker built (.mjs) and one
// from source (.ts through tsx), and prints what each answered.
import { pathToFileURL } from 'node:url';
import { startWorker } from '../../src/start-worker.js';

const built = pathToFileURL(new URL('./caller.mjs', import.meta.url).pathname).href;
const answers = [];
for (const caller of [built, import.meta.url]) {
  const worker = startWorker(caller, 'echo-worker', { workerData: 42 });
  answers.push(await new Promise((resolve, reject) => worker.once('message', resolve).once('error', reject)));
  await worker.terminate();
}
process.stdout.write(`${JSON.stringify(answers)}\n`);
