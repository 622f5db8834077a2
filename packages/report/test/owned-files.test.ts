// The record of the files evidence wrote into a folder: what `report`, `plot` and `watch` may replace.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sha256 } from '../src/content-hash.js';
import { LIVE_DATA_FILE, OutputFolder, OWNED_FILES_RECORD, writeLiveReportData } from '../src/index.js';
import { OwnedFiles } from '../src/owned-files.js';

const folder = () => mkdtempSync(join(tmpdir(), 'report-owned-'));
const recordOf = (dir: string) => JSON.parse(readFileSync(join(dir, OWNED_FILES_RECORD), 'utf8'));

describe("OwnedFiles: a file is evidence's while it holds what evidence wrote", () => {
  it('a missing file may be written; one another program wrote may not', async () => {
    const dir = folder();
    writeFileSync(join(dir, 'chart.png'), 'theirs');
    const out = await OutputFolder.open(dir);
    expect(out.mayWrite(join(dir, 'new.png'))).toBe(true);
    expect(out.mayWrite(join(dir, 'chart.png'))).toBe(false);
    expect(await out.write(join(dir, 'mine.png'), 'ours')).toBe(true);
    expect(recordOf(dir).files).toEqual(['mine.png']);
    expect(recordOf(dir).sha256['mine.png']).toBe(sha256('ours'));
    const later = await OwnedFiles.of(join(dir, 'mine.png'));
    expect(later.mayWrite(join(dir, 'mine.png'))).toBe(true);
    expect(later.mayWrite(join(dir, 'chart.png'))).toBe(false);
  });

  it('a copy (new times), a touch and a checkout keep it ours; any edit, even of the same size, makes it theirs', async () => {
    const dir = folder();
    const out = await OutputFolder.open(join(dir, 'report'));
    for (const name of ['a.png', 'b.png', 'c.png'])
      await out.write(join(dir, 'report', name), `drawn ${name}`);
    // cp -r without -p: every file and the record get new modification times
    execFileSync('cp', ['-r', join(dir, 'report'), join(dir, 'copy')]);
    const future = new Date(Date.now() + 3_600_000);
    for (const name of ['a.png', 'b.png']) utimesSync(join(dir, 'copy', name), future, future);
    execFileSync('touch', [join(dir, 'copy', 'c.png')]);
    writeFileSync(join(dir, 'copy', 'b.png'), 'drawn B.png'); // same size, other bytes
    const copy = await OutputFolder.open(join(dir, 'copy'));
    expect(copy.mayWrite(join(dir, 'copy', 'a.png'))).toBe(true);
    expect(copy.mayWrite(join(dir, 'copy', 'c.png'))).toBe(true);
    expect(copy.mayWrite(join(dir, 'copy', 'b.png'))).toBe(false);
    // a checkout writes the same bytes again: still ours
    rmSync(join(dir, 'copy', 'a.png'));
    writeFileSync(join(dir, 'copy', 'a.png'), 'drawn a.png');
    expect((await OutputFolder.open(join(dir, 'copy'))).mayWrite(join(dir, 'copy', 'a.png'))).toBe(true);
  });

  it('saving keeps what another command recorded meanwhile', async () => {
    const dir = folder();
    const plot = await OutputFolder.open(dir);
    const report = await OutputFolder.open(dir);
    await plot.write(join(dir, 'a.png'), 'drawn');
    await report.write(join(dir, 'index.html'), 'page');
    expect(recordOf(dir).files).toEqual(['a.png', 'index.html']);
  });

  it('a file removed is forgotten; one put there later is not ours; a folder or FIFO there is never ours', async () => {
    const dir = folder();
    const out = await OutputFolder.open(dir);
    for (const name of ['gone.png', 'dir.png', 'fifo.png']) await out.write(join(dir, name), 'drawn');
    rmSync(join(dir, 'gone.png'));
    writeFileSync(join(dir, 'gone.png'), 'theirs now');
    rmSync(join(dir, 'dir.png'));
    mkdirSync(join(dir, 'dir.png'));
    rmSync(join(dir, 'fifo.png'));
    execFileSync('mkfifo', [join(dir, 'fifo.png')]);
    const later = await OutputFolder.open(dir);
    for (const name of ['gone.png', 'dir.png', 'fifo.png'])
      expect(later.mayWrite(join(dir, name))).toBe(false);
    expect(await later.write(join(dir, 'fifo.png'), 'x')).toBe(false);
  });

  it('an unreadable record makes nothing ours', async () => {
    const dir = folder();
    writeFileSync(join(dir, 'chart.png'), 'theirs');
    writeFileSync(join(dir, OWNED_FILES_RECORD), '{"files": ["chart.png"');
    expect((await OwnedFiles.read(dir)).mayWrite(join(dir, 'chart.png'))).toBe(false);
  });

  it("an older version's record (size and time) is honoured until the file is written again", async () => {
    const dir = folder();
    writeFileSync(join(dir, 'old.png'), 'drawn');
    const { size, mtimeMs } = statSync(join(dir, 'old.png'));
    const record = { written_by: 'evidence', files: ['old.png'], stamps: { 'old.png': [size, mtimeMs] } };
    writeFileSync(join(dir, OWNED_FILES_RECORD), JSON.stringify(record));
    const out = await OutputFolder.open(dir);
    expect(await out.write(join(dir, 'old.png'), 'again')).toBe(true);
    expect(recordOf(dir).sha256['old.png']).toBe(sha256('again'));
  });
});

describe('a write begun and killed before it was recorded', () => {
  it('the record names the new content first: either version is ours, a file a user saves meanwhile is not', async () => {
    const dir = folder();
    const out = await OutputFolder.open(dir);
    await out.write(join(dir, 'runs.json'), '{"old": true}');
    // the next run records its rename as begun, then is killed before the rename (or just after)
    const killed = await OwnedFiles.read(dir);
    await killed.recordBegun([{ path: join(dir, 'runs.json'), hash: sha256('{"new": true}') }]);
    expect(recordOf(dir).pending).toEqual({ 'runs.json': sha256('{"new": true}') });
    expect((await OutputFolder.open(dir)).isOurs('runs.json')).toBe(true);
    writeFileSync(join(dir, 'runs.json'), '{"new": true}'); // the rename happened
    expect((await OutputFolder.open(dir)).isOurs('runs.json')).toBe(true);
    writeFileSync(join(dir, 'runs.json'), '{"the user": 1}'); // then the user saved over it
    const next = await OutputFolder.open(dir);
    expect(next.isOurs('runs.json')).toBe(false);
    expect(await next.write(join(dir, 'runs.json'), '{}')).toBe(false);
    expect(readFileSync(join(dir, 'runs.json'), 'utf8')).toBe('{"the user": 1}');
  });
});

describe('a batch: drawn into a staging folder, renamed into place at commit', () => {
  it('nothing in place changes before commit; a failure discards the staging folder and keeps the old set', async () => {
    const dir = folder();
    const first = await OutputFolder.open(dir);
    await first.write(join(dir, 'a.png'), 'old a');
    await first.write(join(dir, 'index.html'), 'old page');
    const batch = await OutputFolder.open(dir, { batch: true });
    await batch.write(join(dir, 'a.png'), 'new a');
    const drawn = await batch.render(join(dir, 'b.svg'), async (to) => {
      writeFileSync(to, '<svg/>');
      return to;
    });
    expect(drawn).toBe(join(dir, 'b.svg'));
    expect(readFileSync(join(dir, 'a.png'), 'utf8')).toBe('old a');
    expect(readdirSync(dir).filter((n) => n.startsWith('.evidence-staging.'))).toHaveLength(1);
    await batch.discard(); // a failure before commit
    expect(readdirSync(dir).sort()).toEqual([OWNED_FILES_RECORD, 'a.png', 'index.html']);
    const again = await OutputFolder.open(dir, { batch: true });
    await again.write(join(dir, 'a.png'), 'new a');
    await again.write(join(dir, 'index.html'), 'new page');
    await again.commit();
    expect(readFileSync(join(dir, 'index.html'), 'utf8')).toBe('new page');
    expect(again.written).toEqual([join(dir, 'a.png'), join(dir, 'index.html')]);
    expect(readdirSync(dir).sort()).toEqual([OWNED_FILES_RECORD, 'a.png', 'index.html']);
  });

  it('a file the user saves while the batch is drawn is refused at commit', async () => {
    const dir = folder();
    await (await OutputFolder.open(dir)).write(join(dir, 'a.png'), 'old a');
    const batch = await OutputFolder.open(dir, { batch: true });
    await batch.write(join(dir, 'a.png'), 'new a');
    writeFileSync(join(dir, 'a.png'), 'the user');
    await batch.commit();
    expect(batch.refused).toEqual([join(dir, 'a.png')]);
    expect(readFileSync(join(dir, 'a.png'), 'utf8')).toBe('the user');
  });
});

describe('temp files of killed runs', () => {
  it('are removed when a later run opens the folder, unless their process still runs', async () => {
    const dir = folder();
    await (await OutputFolder.open(dir)).write(join(dir, 'index.html'), 'page');
    // a real process, gone: its pid names temp files no one holds
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    const deadPid = Number(dead.stdout.toString());
    const alive = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    try {
      const stale = [
        `.index.html.${deadPid}.0123456789ab.tmp`,
        `.evidence-staging.${deadPid}.0123456789ab.tmp`,
      ];
      const live = `.index.html.${alive.pid}.0123456789ab.tmp`;
      writeFileSync(join(dir, stale[0] as string), 'half');
      mkdirSync(join(dir, stale[1] as string));
      writeFileSync(join(dir, stale[1] as string, '0-a.png'), 'half');
      writeFileSync(join(dir, live), 'being written');
      // an older version's name (no pid), older than this process and for a file of ours: stale too
      const old = '.index.html.abcdefabcdef.tmp';
      writeFileSync(join(dir, old), 'half');
      utimesSync(join(dir, old), new Date(2020, 1, 1), new Date(2020, 1, 1));
      writeFileSync(join(dir, '.notes.txt.abcdefabcdef.tmp'), 'not a target of ours');
      utimesSync(join(dir, '.notes.txt.abcdefabcdef.tmp'), new Date(2020, 1, 1), new Date(2020, 1, 1));
      const out = await OutputFolder.open(dir);
      expect(out.cleaned.sort()).toEqual([...stale, old].map((n) => join(dir, n)).sort());
      expect(readdirSync(dir).sort()).toEqual(
        ['.notes.txt.abcdefabcdef.tmp', OWNED_FILES_RECORD, live, 'index.html'].sort(),
      );
    } finally {
      alive.kill('SIGKILL');
    }
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
    expect(next.isOurs(`.page.html.${process.pid}.0123456789ab.tmp`)).toBe(true);
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
