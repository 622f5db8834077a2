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
