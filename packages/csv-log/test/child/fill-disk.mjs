// Logs into a small file system until the disk is full, keeps logging while it is, then waits for the
// parent to free space and logs on.
//   node fill-disk.mjs <entry> <file> <line|buffered>
// stdout: "error: <message>" per onError call, "full <rows>" once full, "done <rows>" at the end.
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';

const [entry, file, durability] = process.argv.slice(2);
const { openCsvLog } = await import(pathToFileURL(entry).href);
let errors = 0;
const log = openCsvLog(file, {
  columns: ['step', 'note', 'value'],
  durability,
  onError: (error) => {
    errors++;
    process.stdout.write(`error: ${error.message}\n`);
  },
});
let step = 0;
const append = () => {
  log.append({
    step,
    note: `row ${step}, "quoted"${step % 7 === 0 ? '\nsecond line' : ''}`,
    value: step / 3,
  });
  step++;
};
while (errors === 0) {
  for (let i = 0; i < 20; i++) append();
  await sleep(1); // lets buffered rows' 100 ms timer run, as a trainer's steps would
}
for (let i = 0; i < 300; i++) append(); // accepted while the disk is full
await log.flush();
process.stdout.write(`full ${step}\n`);
await once(process.stdin, 'data'); // the parent has freed space
process.stdin.destroy();
for (let i = 0; i < 200; i++) append();
await log.close();
process.stdout.write(`done ${step}\n`);
