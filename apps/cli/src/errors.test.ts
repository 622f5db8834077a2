import { describe, expect, it } from 'vitest';
import { describeError, InputError } from './errors.js';

describe('describeError', () => {
  it('names the file once, on one line', () => {
    expect(describeError(new InputError('a.csv', 'no such file'))).toBe('a.csv: no such file');
    expect(describeError(new InputError('a.csv', 'a.csv:3: bad row\n  at stack'))).toBe('a.csv:3: bad row');
    expect(describeError(new InputError('evidence', 'no such directory (give the evidence folder)'))).toBe(
      'evidence: no such directory (give the evidence folder)',
    );
  });

  it('turns Node file-system errors into plain words', () => {
    const error = Object.assign(new Error("ENOENT: no such file or directory, open 'x.csv'"), {
      code: 'ENOENT',
      path: 'x.csv',
    });
    expect(describeError(error)).toBe('x.csv: no such file or directory');
  });

  it('keeps library messages that already name their file', () => {
    expect(describeError(new Error('log.csv: line 4, column "loss": expected a number, got "abc"'))).toBe(
      'log.csv: line 4, column "loss": expected a number, got "abc"',
    );
  });

  it('names the file the user asked for, not our temporary file beside it, nor a pathless fd write', () => {
    const full = Object.assign(new Error('ENOSPC: no space left on device, write'), {
      code: 'ENOSPC',
      path: '/tmp/out/.chart.png.a1b2c3d4e5f6.tmp',
    });
    expect(describeError(full, { out: '/tmp/out/chart.png' })).toBe(
      '/tmp/out/chart.png: no space left on device',
    );
    const pathless = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    expect(describeError(pathless, { out: 'chart.png' })).toBe('chart.png: no space left on device');
    expect(describeError(pathless)).toBe('ENOSPC: no space left on device, write');
  });
});
