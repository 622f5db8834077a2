/**
 * Issue 40: a last line without its line end, in real files, through both of csv-log's readers. The
 * follower (`evidence table`) reads it as a row only through wholeLastRow (closed by its quote, every
 * field); cut ones (an open quote, too few cells, a bare number) are the torn tail in every reader, never
 * a row. The scan readers (loadCsvLog, readCsvLog: evidence's own logs) always report it torn.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { followCsvLog, loadCsvLog, readCsvLog } from '../src/index.js';
import { quoteCsv } from '../src/write/cell-format.js';
import { tempDir } from './helpers.js';

const dir = tempDir();
let files = 0;

/** Every reader's view of one real file: the follower's rows, torn tail and whole last row; the scans'. */
async function readAll(text: string) {
  const path = join(dir, `log-${files++}.csv`);
  writeFileSync(path, text);
  const follower = followCsvLog(path);
  const rows = [];
  for (let more = true; more; ) {
    const batch = await follower.read();
    rows.push(...batch.rows);
    more = batch.more;
  }
  const loaded = await loadCsvLog(path);
  const reader = readCsvLog(path);
  const read = [];
  for await (const row of reader) read.push(row);
  return {
    rows,
    torn: follower.torn,
    whole: follower.wholeLastRow(),
    loaded,
    read,
    readTorn: reader.issues.torn,
  };
}

describe('a last line without its line end (issue 40)', () => {
  it('closed by its quote with every field: torn to every reader, a whole row through wholeLastRow', async () => {
    const got = await readAll('step,name\n1,"a"\n2,"b"\n3,"last"');
    expect(got.rows).toEqual([
      { step: 1, name: 'a' },
      { step: 2, name: 'b' },
    ]);
    expect(got.torn).toEqual({ line: 4, text: '3,"last"' });
    expect(got.whole).toEqual({ step: 3, name: 'last' });
    expect(got.loaded.rowCount).toBe(2);
    expect(got.loaded.issues.torn).toEqual(got.torn);
    expect(got.read).toEqual(got.rows);
    expect(got.readTorn).toEqual(got.torn);
  });

  it('a quoted cell over several lines, or a CRLF log, is one whole record too', async () => {
    expect((await readAll('step,name\n1,"a"\n3,"x\ny, ""z"""')).whole).toEqual({
      step: 3,
      name: 'x\ny, "z"',
    });
    expect((await readAll('step,name\r\n1,"a"\r\n3,"last"\r')).whole).toEqual({ step: 3, name: 'last' });
  });

  it.each([
    ['an open quote', 'step,name\n1,"a"\n3,"la'],
    ['an open quote after an escaped one', 'step,name\n1,"a"\n3,"la""'],
    ['too few cells', 'step,reward,name\n1,0.5,"a"\n3,"x"'],
    ['a bare number (1009 of 1009.5)', 'step,reward\n1,0.5\n3,1009'],
    ['a quote closed by text after it', 'step,name\n1,"a"\n3,"x"y'],
  ])('cut (%s): torn in every reader, never a row', async (_, text) => {
    const got = await readAll(text);
    expect(got.torn?.line).toBe(text.split('\n').length);
    expect(got.whole).toBeNull();
    expect(got.rows).toHaveLength(1);
    expect(got.loaded.rowCount).toBe(1);
    expect(got.loaded.issues.torn).toEqual(got.torn);
    expect(got.readTorn).toEqual(got.torn);
  });

  it('a written record with a quoted last cell is whole; every cut of it is not', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer(), fc.string({ minLength: 1 }), fc.nat(), async (step, name, at) => {
        const last = `${step},"${name.replaceAll('"', '""')}"`;
        const head = `step,name\n1,${quoteCsv('a')}\n`;
        expect((await readAll(head + last)).whole).toEqual({ step, name: expect.anything() });
        const cut = last.slice(0, 1 + (at % (last.length - 1)));
        // a cut right after an escaped `""` can look closed (endsWholeRecord says so); it is a
        // record of other cells then, never the written one
        const whole = (await readAll(head + cut)).whole;
        if (whole !== null) expect(whole.name).not.toBe(name);
      }),
      { numRuns: 40 },
    );
  });
});
