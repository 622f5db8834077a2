// Appends rows into a file-size limit (RLIMIT_FSIZE, set by the parent's `ulimit -f`), waits until the
// parent lifts the limit, then flushes and appends more.
//   node file-size-limit.mjs <entry> <file> [line|offthread]
// offthread: buffered rows written by the writer's worker thread, which reports to onError here.
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';

const [entry, file, mode = 'line'] = process.argv.slice(2);
const { openCsvLog } = await import(pathToFileURL(entry).href);
const log = openCsvLog(file, {
  columns: ['step', 'text'],
  ...(mode === 'offthread' ? { durability: 'buffered', offThread: true } : { durability: 'line' }),
  onError: (error) => process.stdout.write(`error: ${error.message}\n`),
});
if (mode === 'offthread') await sleep(300); // the worker runs
let step = 0;
for (; step < 200; step++) log.append({ step, text: `row ${step} ${'x'.repeat(step % 50)}` });
if (mode === 'offthread') await log.flush(); // the worker has tried, failed and reported
process.stdout.write('stuck\n');
await once(process.stdin, 'data'); // the parent has lifted the limit
process.stdin.destroy();
await log.flush();
for (; step < 210; step++) log.append({ step, text: `row ${step} ${'x'.repeat(step % 50)}` });
await log.close();
process.stdout.write('done\n');
