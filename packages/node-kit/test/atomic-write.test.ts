import { mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openTempBeside, tempNameBeside, writeFileAtomic, writeFileAtomicSync } from '../src/index.js';

const scratch = () => mkdtempSync(join(tmpdir(), 'node-kit-'));

describe('writeFileAtomic', () => {
  it('writes the whole file, creates folders and leaves no temp file', async () => {
    const dir = scratch();
    const target = join(dir, 'a', 'b', 'out.json');
    await writeFileAtomic(target, '{"x":1}');
    writeFileAtomicSync(join(dir, 'sync.txt'), new Uint8Array([104, 105]));
    expect(readFileSync(target, 'utf8')).toBe('{"x":1}');
    expect(readFileSync(join(dir, 'sync.txt'), 'utf8')).toBe('hi');
    expect(readdirSync(join(dir, 'a', 'b'))).toEqual(['out.json']);
    expect(readdirSync(dir).sort()).toEqual(['a', 'sync.txt']);
  });

  it('replaces an old file as a whole; concurrent writers leave one whole version', async () => {
    const dir = scratch();
    const target = join(dir, 'page.html');
    writeFileSync(target, 'old');
    const versions = Array.from({ length: 20 }, (_, i) => String(i).repeat(10_000 + i));
    await Promise.all(versions.map((text) => writeFileAtomic(target, text)));
    expect(versions).toContain(readFileSync(target, 'utf8'));
    expect(readdirSync(dir)).toEqual(['page.html']);
  });

  it('temp names are unpredictable, so a planted symlink cannot be hit', async () => {
    const dir = scratch();
    const target = join(dir, 'index.html');
    const names = new Set(Array.from({ length: 1000 }, () => tempNameBeside(target)));
    expect(names.size).toBe(1000);
    for (const name of names) expect(name.startsWith(join(dir, '.index.html.'))).toBe(true);
    // the name the old scheme would have used, planted as a symlink: no effect now
    symlinkSync(join(dir, 'elsewhere'), join(dir, `.index.html.${process.pid}.1.tmp`));
    await writeFileAtomic(target, 'ok');
    expect(readFileSync(target, 'utf8')).toBe('ok');
  });

  it('openTempBeside never opens an existing file', async () => {
    const dir = scratch();
    const temp = await openTempBeside(join(dir, 'x.gif'));
    await temp.handle.close();
    expect(readFileSync(temp.path).byteLength).toBe(0);
  });

  it('removes its temp file when the write fails', async () => {
    const dir = scratch();
    writeFileSync(join(dir, 'file'), '');
    await expect(writeFileAtomic(join(dir, 'file', 'under-a-file.txt'), 'x')).rejects.toThrow();
    expect(readdirSync(dir)).toEqual(['file']);
  });
});
