/**
 * `pnpm bench` (second part): how long `openCsvLog` takes on a big existing log that holds quotes. Every
 * open checks the tail for a row a crash cut; it used to parse the whole file as soon as any quote was in
 * it (2.0 s for 264 MB). It now counts the quotes (one read, no parsing) and parses only a file that may
 * end inside a quoted cell. The readers' full parse of the same file is printed beside it: the old cost.
 */
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadCsvLog, openCsvLog } from '../src/index.js';

const ROWS = 2_000_000;
const dir = mkdtempSync(join(tmpdir(), 'csv-log-open-'));
const path = join(dir, 'quoted.csv');
try {
  const out = createWriteStream(path);
  out.write('step,reward,note\n');
  let chunk = '';
  for (let step = 0; step < ROWS; step++) {
    chunk += `${step},${Math.sin(step)},"episode ${step}, with a comma, and ""quotes"" in its note text here"\n`;
    if (step % 20_000 === 19_999) {
      if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
      chunk = '';
    }
  }
  out.end(chunk);
  await new Promise<void>((resolve) => out.once('finish', () => resolve()));
  const mb = statSync(path).size / 2 ** 20;
  const opens: number[] = [];
  for (let i = 0; i < 3; i++) {
    const start = performance.now();
    const log = openCsvLog(path, { columns: ['step', 'reward', 'note'] });
    opens.push((performance.now() - start) / 1000);
    await log.close();
  }
  const start = performance.now();
  await loadCsvLog(path, { columns: ['step'] });
  const parse = (performance.now() - start) / 1000;
  console.log(
    `openCsvLog on a ${mb.toFixed(0)} MB log with quotes in every row (${ROWS.toLocaleString('en')} rows):`,
  );
  console.log(`  open (quote count, no parse)    ${opens.map((s) => `${s.toFixed(2)} s`).join(', ')}`);
  console.log(`  the readers' full parse         ${parse.toFixed(2)} s (what every open cost before)`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
