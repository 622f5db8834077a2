// A child process that appends rows to a CSV log until told otherwise.
//   node append.mjs <entry> <file> <mode> <how>
// mode = buffered | line | fsync
// how = forever            resume after the last row in the file, append until killed
//       count:<n>          resume, append n rows, close, exit 0
//       writer:<id>:<n>    append n rows {writer:id, seq} (concurrent-writers test), close
//       exit|throw|handled-SIGTERM:<n>   append n rows, then end that way without close()
//       spin               a training loop that never yields: a row every 20 ms, each reported on
//                          stdout as "row <step> <Date.now()>" once appended, until a signal kills it
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
// biome-ignore lint/correctness/useImportExtensions: rows.mjs is plain JavaScript, named as it is
import { COLUMNS, expectedRow } from './rows.mjs';

const [entry, file, mode, how] = process.argv.slice(2);
const { loadCsvLog, openCsvLog } = await import(pathToFileURL(entry).href);
const [kind, ...rest] = how.split(':');

if (kind === 'writer') {
  const [id, n] = rest;
  const log = openCsvLog(file, { columns: ['writer', 'seq', 'payload'], durability: mode });
  const payload = 'x'.repeat(Number(id) * 17 + 40);
  for (let seq = 0; seq < Number(n); seq++) log.append({ writer: Number(id), seq, payload });
  await log.close();
  process.exit(0);
}

let next = 0;
if (kind === 'forever' || kind === 'count') {
  try {
    next = (await loadCsvLog(file, { columns: ['step'] })).rowCount;
  } catch (error) {
    if (error.code !== 'ENOENT') throw error;
  }
}
const log = openCsvLog(file, { columns: COLUMNS, durability: mode });
process.stdout.write('ready\n');

if (kind === 'forever') {
  for (;;) {
    for (let i = 0; i < 20; i++) log.append(expectedRow(next++));
    await sleep(1); // as a trainer would between steps: lets the 100 ms flush timer run, keeps files small
  }
}

if (kind === 'spin') {
  for (;;) {
    const due = Date.now() + 20;
    while (Date.now() < due) {} // CPU-bound work: the event loop never runs again
    const step = next++;
    log.append(expectedRow(step));
    process.stdout.write(`row ${step} ${Date.now()}\n`); // a pipe: written synchronously on Linux
  }
}

const n = Number(rest.at(-1));
for (let i = 0; i < n; i++) log.append(expectedRow(next++));
if (kind === 'count') {
  await log.close();
} else if (kind === 'exit') {
  // ends normally without close(): the exit hook must flush
} else if (kind === 'throw') {
  setTimeout(() => {
    throw new Error('boom from the training loop');
  }, 1);
} else if (kind === 'handled-SIGTERM') {
  process.on('SIGTERM', () => {
    process.stdout.write('own handler ran\n');
    setTimeout(() => process.exit(0), 20);
  });
  process.kill(process.pid, 'SIGTERM');
  setInterval(() => {}, 1000);
} else {
  throw new Error(`unknown how: ${how}`);
}
