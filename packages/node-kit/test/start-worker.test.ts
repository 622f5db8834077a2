import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runChild } from '../../../scripts/child.js';

const child = fileURLToPath(new URL('./child/start.ts', import.meta.url));

function startUnder(flags: string[]) {
  const run = runChild(process.execPath, [...flags, '--import', 'tsx', child]);
  return {
    status: run.status,
    stderr: run.stderr,
    answers: run.status === 0 ? JSON.parse(run.stdout.split('\n').filter(Boolean).at(-1)!) : null,
  };
}

describe('startWorker', () => {
  it.each([
    [[]],
    [['--stack-trace-limit=50']],
    [['--trace-gc']],
    [['--max-old-space-size=200', '--title=trainer']],
  ])('starts built and source workers under node %j', (flags) => {
    const run = startUnder(flags);
    expect(run.stderr).not.toMatch(/ERR_WORKER_INVALID_EXEC_ARGV/);
    expect(run.status).toBe(0);
    expect(run.answers).toHaveLength(2);
    for (const answer of run.answers) expect(answer.echo).toBe(42);
  });

  it('passes on the flags a worker accepts', () => {
    const run = startUnder(['--enable-source-maps']);
    expect(run.status).toBe(0);
    expect(run.answers[0].execArgv).toContain('--enable-source-maps');
  });
});

describe('one worker launcher', () => {
  it('is the only `new Worker` in the source of every package and app', () => {
    const repo = fileURLToPath(new URL('../../../', import.meta.url));
    const launchers: string[] = [];
    for (const top of ['packages', 'apps'])
      for (const entry of readdirSync(join(repo, top), { recursive: true, encoding: 'utf8' })) {
        if (!/(^|\/)src\/.*\.ts$/.test(entry) || entry.includes('node_modules')) continue;
        const file = join(repo, top, entry);
        if (/\bnew Worker\(/.test(readFileSync(file, 'utf8'))) launchers.push(relative(repo, file));
      }
    expect(launchers).toEqual(['packages/node-kit/src/start-worker.ts']);
  });
});
