// Appends rows into a file-size limit (RLIMIT_FSIZE, set by the parent's `ulimit -f`), waits until the
// parent lifts the limit, then flushes and appends more.
//   node file-size-limit.mjs <entry> <file>
import { once } from 'node:events';
import { pathToFileURL } from 'node:url';

const [entry, file] = process.argv.slice(2);
const { openCsvLog } = await import(pathToFileURL(entry).href);
const log = openCsvLog(file, {
  columns: ['step', 'text'],
  durability: 'line',
  onError: (error) => process.stdout.write(`error: ${error.message}\n`),
});
let step = 0;
for (; step < 200; step++) log.append({ step, text: `row ${step} ${'x'.repeat(step % 50)}` });
process.stdout.write('stuck\n');
await once(process.stdin, 'data'); // the parent has lifted the limit
process.stdin.destroy();
await log.flush();
for (; step < 210; step++) log.append({ step, text: `row ${step} ${'x'.repeat(step % 50)}` });
await log.close();
process.stdout.write('done\n');
