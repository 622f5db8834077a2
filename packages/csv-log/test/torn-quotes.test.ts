import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CsvFormatError, lineIssues, loadCsvLog, openCsvLog, readCsvLog } from '../src/index.js';
import { tempDir } from './helpers.js';

const PYTHON = '/usr/bin/python3';
const havePython = existsSync(PYTHON);

afterEach(() => {
  vi.restoreAllMocks();
});

/** Python's csv module, an independent reader: every file's rows, as text. */
function pythonRows(files: string[]): string[][][] {
  const script =
    'import csv, json, sys\nout = []\nfor p in sys.argv[1:]:\n  with open(p, newline="") as f: out.append(list(csv.reader(f)))\nprint(json.dumps(out))';
  const run = spawnSync(PYTHON, ['-c', script, ...files], { encoding: 'utf8', maxBuffer: 1 << 26 });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout) as string[][][];
}

async function rowsOf(path: string) {
  const iterable = readCsvLog(path);
  const rows: Record<string, unknown>[] = [];
  for await (const row of iterable) rows.push(row);
  return { rows, issues: iterable.issues };
}

describe('a crash that cuts the last row inside a quoted cell holding newlines', () => {
  const dir = tempDir();
  const header = 'step,note\n';
  const complete = '1,plain\n2,"a ""quoted"", one\nline"\n';
  const last = '3,"cut ""here"", across\r\nthree\nlines"\n';

  it.skipIf(!havePython && process.env.CI !== 'true')(
    'reopening at every cut byte moves the torn row aside: appended rows all read back, with our reader and with Python (needs /usr/bin/python3)',
    async () => {
      vi.spyOn(process, 'emitWarning').mockImplementation(() => {});
      const files: string[] = [];
      for (let cut = 0; cut < Buffer.byteLength(last); cut++) {
        const path = join(dir, `cut-${cut}.csv`);
        writeFileSync(path, header + complete + Buffer.from(last).subarray(0, cut).toString('latin1'));
        const crashed = new Date(Date.now() - 60_000); // a crash's leftover: nobody is extending it
        utimesSync(path, crashed, crashed);
        const log = openCsvLog(path, { columns: ['step', 'note'], durability: 'line' });
        log.append({ step: 4, note: 'after, "the" crash' });
        log.append({ step: 5, note: 'and\nmore' });
        await log.close();
        files.push(path);
        const { rows, issues } = await rowsOf(path);
        expect(issues, `cut at ${cut}`).toEqual({ torn: null, skipped: [] });
        expect(rows, `cut at ${cut}`).toEqual([
          { step: 1, note: 'plain' },
          { step: 2, note: 'a "quoted", one\nline' },
          { step: 4, note: 'after, "the" crash' },
          { step: 5, note: 'and\nmore' },
        ]);
        const torn = `${path}.torn`;
        if (cut > 0) expect(readFileSync(torn, 'latin1')).toBe(`${last.slice(0, cut)}\n`);
        else expect(existsSync(torn)).toBe(false);
      }
      for (const [i, rows] of pythonRows(files).entries()) {
        expect(rows, `cut at ${i}`).toEqual([
          ['step', 'note'],
          ['1', 'plain'],
          ['2', 'a "quoted", one\nline'],
          ['4', 'after, "the" crash'],
          ['5', 'and\nmore'],
        ]);
      }
    },
  );
});

describe('a quote that never closes', () => {
  const dir = tempDir();

  it("closed by a later row's opening quote: reported at its line; the lines inside it are not rows; reading resumes at that later row", async () => {
    const path = join(dir, 'open-quote.csv');
    writeFileSync(path, 'step,note\n1,a\n2,"never closed\n3,c\n4,"two\nlines"\n5,e\n');
    const loaded = await loadCsvLog(path);
    expect([...loaded.numeric('step')]).toEqual([1, 4, 5]);
    expect(loaded.columns.note).toEqual(['a', 'two\nlines', 'e']);
    expect(loaded.issues.torn).toBeNull();
    expect(loaded.issues.skipped).toEqual([
      {
        line: 3,
        reason:
          'a quoted cell opened on this line never closes; line 4 is its text, not a row; reading resumes at line 5',
      },
    ]);
    const { rows, issues } = await rowsOf(path);
    expect(rows.map((row) => row.step)).toEqual([1, 4, 5]);
    expect(issues).toEqual(loaded.issues);
    await expect(loadCsvLog(path, { strict: true })).rejects.toThrow(CsvFormatError);
    await expect(loadCsvLog(path, { strict: true })).rejects.toThrow(/open-quote\.csv:3: .*never closes/);
  });

  it('with no quote after it: the readable part ends at the line where it opened, the rest is torn', async () => {
    const path = join(dir, 'never-paired.csv');
    writeFileSync(path, 'step,note\n1,a\n2,"never closed\n3,c\n4,d\n5,e');
    const loaded = await loadCsvLog(path);
    expect([...loaded.numeric('step')]).toEqual([1]);
    expect(loaded.issues).toEqual({
      torn: { line: 3, text: '2,"never closed\n3,c\n4,d\n5,e' },
      skipped: [],
    });
    const { rows, issues } = await rowsOf(path);
    expect(rows.map((row) => row.step)).toEqual([1]);
    expect(issues).toEqual(loaded.issues);
  });

  it('a torn traceback whose lines look like rows: none of them is data', async () => {
    const path = join(dir, 'traceback.csv');
    writeFileSync(path, 'step,loss,note\n1,0.9,ok\n4,0.6,"traceback:\n99,1000000000,x\n');
    const loaded = await loadCsvLog(path);
    expect([...loaded.numeric('loss')]).toEqual([0.9]);
    expect(loaded.issues).toEqual({
      torn: { line: 3, text: '4,0.6,"traceback:\n99,1000000000,x\n' },
      skipped: [],
    });
    expect(lineIssues(path, loaded.issues)[0]?.reason).toMatch(
      /^torn last record \(a quoted cell opened here never closes\); not read: "4,0\.6,/,
    );
  });

  it('at the end of the file, with no whole row after it, is a torn last record', async () => {
    const path = join(dir, 'torn-quote.csv');
    writeFileSync(path, 'step,note\n1,a\n2,"cut\ninside\n');
    const loaded = await loadCsvLog(path);
    expect([...loaded.numeric('step')]).toEqual([1]);
    expect(loaded.issues).toEqual({ torn: { line: 3, text: '2,"cut\ninside\n' }, skipped: [] });
  });
});
