// The record of the files evidence wrote into a folder: what `report`, `plot` and `watch` may replace.
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LIVE_DATA_FILE, OutputFolder, OWNED_FILES_RECORD, writeLiveReportData } from '../src/index.js';
import { OwnedFiles } from '../src/owned-files.js';

const folder = () => mkdtempSync(join(tmpdir(), 'report-owned-'));
const recordOf = (dir: string) => JSON.parse(readFileSync(join(dir, OWNED_FILES_RECORD), 'utf8'));

describe('OwnedFiles', () => {
  it('a missing file may be written; one another program wrote may not, until evidence records it', async () => {
    const dir = folder();
    writeFileSync(join(dir, 'chart.png'), 'theirs');
    const owned = await OwnedFiles.read(dir);
    expect(owned.mayWrite(join(dir, 'new.png'))).toBe(true);
    expect(owned.mayWrite(join(dir, 'chart.png'))).toBe(false);
    owned.add(join(dir, 'mine.png'));
    await owned.save();
    expect(recordOf(dir).files).toEqual(['mine.png']);
    writeFileSync(join(dir, 'mine.png'), 'ours');
    const later = await OwnedFiles.of(join(dir, 'mine.png'));
    expect(later.mayWrite(join(dir, 'mine.png'))).toBe(true);
    expect(later.mayWrite(join(dir, 'chart.png'))).toBe(false);
  });

  it('saving keeps what another command recorded meanwhile, and writes nothing when nothing was added', async () => {
    const dir = folder();
    const plot = await OwnedFiles.read(dir);
    const report = await OwnedFiles.read(dir);
    writeFileSync(join(dir, 'a.png'), 'drawn');
    writeFileSync(join(dir, 'index.html'), 'page');
    plot.add(join(dir, 'a.png'));
    await plot.save();
    report.add(join(dir, 'index.html'));
    await report.save();
    expect(recordOf(dir).files).toEqual(['a.png', 'index.html']);
    const empty = folder();
    await (await OwnedFiles.read(empty)).save();
    expect(readdirSync(empty)).toEqual([]);
  });

  it('lists only files that are there, and a file changed or replaced since evidence wrote it is not ours', async () => {
    const dir = folder();
    writeFileSync(join(dir, 'kept.png'), 'drawn');
    writeFileSync(join(dir, 'gone.png'), 'drawn');
    writeFileSync(join(dir, 'replaced.png'), 'drawn');
    const owned = await OwnedFiles.read(dir);
    for (const name of ['kept.png', 'gone.png', 'replaced.png']) await owned.recordWritten(join(dir, name));
    rmSync(join(dir, 'gone.png'));
    // the user's own picture, put where evidence's was (another size, another time)
    writeFileSync(join(dir, 'replaced.png'), 'the user picture');
    utimesSync(join(dir, 'replaced.png'), new Date(2001, 1, 1), new Date(2001, 1, 1));
    const later = await OwnedFiles.read(dir);
    expect(later.mayWrite(join(dir, 'kept.png'))).toBe(true);
    expect(later.mayWrite(join(dir, 'replaced.png'))).toBe(false);
    writeFileSync(join(dir, 'gone.png'), 'theirs now');
    expect(later.mayWrite(join(dir, 'gone.png'))).toBe(false);
    await later.recordWritten(join(dir, 'kept.png'));
    expect(recordOf(dir).files).toEqual(['kept.png']);
  });

  it('an unreadable record makes nothing ours', async () => {
    const dir = folder();
    writeFileSync(join(dir, 'chart.png'), 'theirs');
    writeFileSync(join(dir, OWNED_FILES_RECORD), '{"files": ["chart.png"');
    expect((await OwnedFiles.read(dir)).mayWrite(join(dir, 'chart.png'))).toBe(false);
  });
});

describe('a write begun and killed before it was recorded', () => {
  it('is recorded as begun before the file is touched, so the next run knows the file as its own', async () => {
    const dir = folder();
    const owned = await OwnedFiles.read(dir);
    await owned.recordBegun(join(dir, 'runs.json'));
    // the process is killed here, after its write and before its stamp: only the begun name is on disk
    writeFileSync(join(dir, 'runs.json'), '{"partial": false}');
    expect(recordOf(dir).pending).toHaveProperty(['runs.json']);
    const next = await OutputFolder.open(dir);
    expect(next.isOurs('runs.json')).toBe(true);
    expect(await next.write(join(dir, 'runs.json'), '{}')).toBe(true);
    // the next save settles it: a stamp, nothing pending
    expect(recordOf(dir).pending).toBeUndefined();
    expect(recordOf(dir).stamps).toHaveProperty(['runs.json']);
  });

  it("an earlier write's file, untouched when the kill came, stays ours by its stamp; a file changed later is not", async () => {
    const dir = folder();
    const first = await OutputFolder.open(dir);
    await first.write(join(dir, 'a.png'), 'drawn');
    const old = new Date(Date.now() - 60_000);
    utimesSync(join(dir, 'a.png'), old, old);
    const second = await OwnedFiles.read(dir);
    second.add(join(dir, 'a.png'));
    await second.save();
    const killed = await OwnedFiles.read(dir);
    await killed.recordBegun(join(dir, 'a.png')); // killed before it wrote anything
    expect((await OutputFolder.open(dir)).isOurs('a.png')).toBe(true);
    const settled = await OutputFolder.open(dir);
    await settled.write(join(dir, 'b.png'), 'drawn');
    writeFileSync(join(dir, 'b.png'), 'the user edited it');
    utimesSync(join(dir, 'b.png'), new Date(), new Date(Date.now() + 5_000));
    expect((await OutputFolder.open(dir)).isOurs('b.png')).toBe(false);
  });
});

describe("a chart renderer's write (its own temp file and rename)", () => {
  it('begun before the renderer runs: a kill before its claim leaves a file the next run knows as its own', async () => {
    const dir = folder();
    const first = await OutputFolder.open(dir);
    await first.begin(join(dir, 'reward.png'));
    writeFileSync(join(dir, 'reward.png'), 'drawn by the renderer'); // killed before claim
    expect((await OutputFolder.open(dir)).isOurs('reward.png')).toBe(true);
  });

  it("a render that draws nothing or throws leaves nothing pending: a later edit of the old chart is the user's", async () => {
    const dir = folder();
    const first = await OutputFolder.open(dir);
    await first.write(join(dir, 'reward.png'), 'drawn');
    const old = new Date(Date.now() - 60_000);
    utimesSync(join(dir, 'reward.png'), old, old);
    const restamp = await OwnedFiles.read(dir);
    restamp.add(join(dir, 'reward.png'));
    await restamp.save();
    const second = await OutputFolder.open(dir);
    await expect(
      second.render(join(dir, 'reward.png'), async () => {
        throw new Error('no data');
      }),
    ).rejects.toThrow('no data');
    expect(recordOf(dir).pending).toBeUndefined();
    writeFileSync(join(dir, 'reward.png'), 'the user drew their own');
    expect((await OutputFolder.open(dir)).isOurs('reward.png')).toBe(false);
  });
});

describe('OutputFolder: the one guarded write', () => {
  it("writes a free file atomically and records it; leaves another program's file as it is", async () => {
    const dir = folder();
    writeFileSync(join(dir, 'theirs.png'), 'theirs');
    const out = await OutputFolder.open(dir);
    expect(await out.write(join(dir, 'sub', 'page.html'), '<p>')).toBe(true);
    expect(await out.write(join(dir, 'theirs.png'), 'ours')).toBe(false);
    expect(readFileSync(join(dir, 'theirs.png'), 'utf8')).toBe('theirs');
    expect(out.written).toEqual([join(dir, 'sub', 'page.html')]);
    expect(out.refused).toEqual([join(dir, 'theirs.png')]);
    expect(recordOf(dir).files).toEqual(['sub/page.html']);
    // no temp file is left beside what was written
    expect(readdirSync(join(dir, 'sub'))).toEqual(['page.html']);
    // the next command may replace what this one wrote, and nothing else
    const next = await OutputFolder.open(dir);
    expect(await next.write(join(dir, 'sub', 'page.html'), '<p>again')).toBe(true);
    expect(next.isOurs(OWNED_FILES_RECORD)).toBe(true);
    expect(next.isOurs('.page.html.0123456789ab.tmp')).toBe(true);
    expect(next.isOurs('theirs.png')).toBe(false);
  });

  it("force writes over another program's file (plot --force) and records it", async () => {
    const dir = folder();
    writeFileSync(join(dir, 'chart.png'), 'theirs');
    const out = await OutputFolder.of(join(dir, 'chart.png'), { force: true });
    expect(await out.write(join(dir, 'chart.png'), 'ours')).toBe(true);
    expect(readFileSync(join(dir, 'chart.png'), 'utf8')).toBe('ours');
    expect((await OutputFolder.open(dir)).mayWrite(join(dir, 'chart.png'))).toBe(true);
  });
});

describe('OutputFolder.prune', () => {
  it("removes what an earlier run wrote and this one did not, never another program's file", async () => {
    const dir = folder();
    const earlier = await OutputFolder.open(dir);
    for (const name of ['overlay-1-a.svg', 'overlay-2-b.svg']) await earlier.write(join(dir, name), name);
    writeFileSync(join(dir, 'overlay-3-theirs.svg'), 'theirs');
    const now = await OutputFolder.open(dir);
    await now.write(join(dir, 'overlay-1-a.svg'), 'again');
    expect(await now.prune(/^overlay-/)).toEqual([join(dir, 'overlay-2-b.svg')]);
    expect(readdirSync(dir).sort()).toEqual([OWNED_FILES_RECORD, 'overlay-1-a.svg', 'overlay-3-theirs.svg']);
  });
});

describe('writeLiveReportData and the record', () => {
  it('leaves a live data file evidence did not write as it is, and says so', async () => {
    const dir = folder();
    writeFileSync(join(dir, 'training_log.csv'), 'step,reward\n0,1\n');
    mkdirSync(join(dir, 'report'));
    writeFileSync(join(dir, 'report', 'index.html'), '<!doctype html>');
    writeFileSync(join(dir, 'report', LIVE_DATA_FILE), 'theirs');
    const result = await writeLiveReportData(dir, { ifPageExists: true });
    expect(result?.problems).toEqual([expect.stringMatching(/report-data\.js: not written by evidence/)]);
    expect(readFileSync(join(dir, 'report', LIVE_DATA_FILE), 'utf8')).toBe('theirs');
  });

  it('records the live data file it wrote, so the next write replaces it', async () => {
    const dir = folder();
    writeFileSync(join(dir, 'training_log.csv'), 'step,reward\n0,1\n');
    await writeLiveReportData(dir);
    expect(recordOf(join(dir, 'report')).files).toEqual([LIVE_DATA_FILE]);
    expect((await writeLiveReportData(dir))?.problems).toEqual([]);
  });
});
