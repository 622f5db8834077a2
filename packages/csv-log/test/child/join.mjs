// Two kinds of writers of one CSV log, for the test of a writer joining a log another process is
// extending:
//   node join.mjs <entry> <file> big <n>     one writer appending n rows of 1 MiB each (line mode)
//   node join.mjs <entry> <file> join <n>    n writers in turn: each opens the log (and so checks its
//                                            tail for a torn record), appends one small row, closes
//   node join.mjs <entry> <file> slow <ms>   one row written in pieces over <ms> milliseconds, as a
//                                            writer does that finishes a row once a full disk frees space
import { closeSync, openSync, writeSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';

const [entry, file, kind, n] = process.argv.slice(2);
const { openCsvLog } = await import(pathToFileURL(entry).href);
const columns = ['writer', 'seq', 'payload'];
process.on('warning', (warning) => process.stdout.write(`warning: ${warning.message}\n`));

if (kind === 'slow') {
  const row = Buffer.from('slow,0,"a row, ""written""\nin pieces"\n');
  const fd = openSync(file, 'a');
  writeSync(fd, row.subarray(0, 12));
  process.stdout.write('ready\n');
  const pieces = 8;
  for (let i = 1; i <= pieces; i++) {
    await sleep(Number(n) / pieces);
    writeSync(
      fd,
      row.subarray(
        12 + Math.floor(((row.length - 12) * (i - 1)) / pieces),
        12 + Math.floor(((row.length - 12) * i) / pieces),
      ),
    );
  }
  closeSync(fd);
} else if (kind === 'big') {
  const log = openCsvLog(file, { columns, durability: 'line' });
  process.stdout.write('ready\n');
  // A quoted payload over several lines: a reader that catches the write half done sees a quote open.
  const payload = `${'y'.repeat(1 << 19)}\n${'z'.repeat(1 << 19)}`;
  for (let seq = 0; seq < Number(n); seq++) log.append({ writer: 'big', seq, payload });
  await log.close();
} else {
  for (let seq = 0; seq < Number(n); seq++) {
    const log = openCsvLog(file, { columns, durability: 'line' });
    log.append({ writer: 'join', seq, payload: 'small' });
    await log.close();
  }
}
process.stdout.write('done\n');
