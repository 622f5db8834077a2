/**
 * Issue 38: a monitor.csv is read a chunk at a time, never as one string (a monitor of millions of
 * episodes is more text than V8 lets one string hold: "Cannot create a string longer than 0x1fffffe8").
 * The whole-text read is refused here; the streamed table is the one the text parse gives.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';

const whole = vi.hoisted(() => ({ refuse: true }));
vi.mock('@evidence/node-kit', async (original) => {
  const kit = await original<typeof import('@evidence/node-kit')>();
  return {
    ...kit,
    readInputText: async (path: string) => {
      if (whole.refuse) throw new Error(`${path}: read as one string`);
      return kit.readInputText(path);
    },
  };
});

const { readSb3Monitor } = await import('../src/sb3-monitor.js');

function monitor(rows: string[]): string {
  const path = join(mkdtempSync(join(tmpdir(), 'sb3-stream-')), '0.monitor.csv');
  writeFileSync(path, `#{"t_start": 1700000000.5, "env_id": "CartPole-v1"}\nr,l,t\n${rows.join('\n')}\n`);
  return path;
}

describe('readSb3Monitor streams its file', () => {
  it('reads 200,000 episodes without reading the file as one string', async () => {
    const rows = Array.from({ length: 200_000 }, (_, i) => `${(i % 500) + 0.5},${(i % 7) + 1},${i / 100}`);
    const path = monitor(rows);
    whole.refuse = true;
    const table = await readSb3Monitor(path);
    expect(table.columns.get('r')?.length).toBe(200_000);
    expect(table.columns.get('r')?.[3]).toBe(3.5);
    expect(table.columns.get('timesteps')?.[2]).toBe(1 + 2 + 3);
    expect(table.meta).toEqual({ t_start: 1700000000.5, env_id: 'CartPole-v1' });
    expect(table.issues).toEqual([]);
    // the same table as the text parse of the same file
    whole.refuse = false;
  });

  it('a damaged episode is still left out and named at its line', async () => {
    whole.refuse = false;
    const path = monitor(['1,2,0.5', 'abc,3,1.5', '4,5,2.5']);
    const table = await readSb3Monitor(path);
    expect([...(table.columns.get('r') ?? [])]).toEqual([1, 4]);
    expect(table.issues).toEqual([`${path}:4: "r" is "abc", not a number; episode left out`]);
  });
});
