// Appends rows into a file-size limit (RLIMIT_FSIZE, set by the parent's `ulimit -f`), waits until the
// parent lifts the limit, then flushes and appends more.
//   node file-size-limit.mjs <entry> <file> [line|buffered]
import { once } from 'node:events';
import { pathToFileURL } from 'node:url';

const [entry, file, mode = 'line'] = process.argv.slice(2);
const { openCsvLog } = await import(pathToFileURL(entry).href);
const log = openCsvLog(file, {
  columns: ['step', 'text'],
  durability: mode,
  onError: (error) => process.stdout.write(`error: ${error.message}\n`),
});
let step = 0;
for (; step < 200; step++) log.append({ step, text: `row ${step} ${'x'.repeat(step % 50)}` });
await log.flush(); // buffered: tried, failed and reported
process.stdout.write('stuck\n');
await once(process.stdin, 'data'); // the parent has lifted the limit
process.stdin.destroy();
await log.flush();
for (; step < 210; step++) log.append({ step, text: `row ${step} ${'x'.repeat(step % 50)}` });
await log.close();
process.stdout.write('done\n');
