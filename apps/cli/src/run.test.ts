import { describe, expect, it } from 'vitest';
import type { OutputStream } from './io.js';
import { run, runsUntilInterrupted } from './run.js';

function capture(): OutputStream & { text: string } {
  const stream = {
    text: '',
    write(chunk: string) {
      stream.text += chunk;
      return true;
    },
  };
  return stream;
}

describe('run (in-process)', () => {
  it('resolves to exit codes and never exits the process', async () => {
    const stdout = capture();
    const stderr = capture();
    expect(await run(['--help'], { stdout, stderr })).toBe(0);
    expect(stdout.text).toContain('Usage: evidence');
    expect(await run(['nope'], { stdout, stderr })).toBe(2);
    expect(await run(['table', 'missing.csv'], { stdout, stderr, cwd: '/' })).toBe(1);
    expect(stderr.text).toContain('evidence: missing.csv: no such file');
  });
});

describe('runsUntilInterrupted', () => {
  it('is true only for watch and table --follow', () => {
    expect(runsUntilInterrupted(['watch', 'dir'])).toBe(true);
    expect(runsUntilInterrupted(['--debug', 'table', 'a.csv', '-f'])).toBe(true);
    expect(runsUntilInterrupted(['table', 'a.csv', '--follow'])).toBe(true);
    expect(runsUntilInterrupted(['table', 'a.csv'])).toBe(false);
    expect(runsUntilInterrupted(['report', 'dir'])).toBe(false);
  });
});
