// The sources' shape, checked cheaply on every test run: no function over 100 lines, no import cycle.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// biome-ignore lint/correctness/useImportExtensions: the script is plain JavaScript (.mjs), typed by code-shape.d.mts
import { importCycles, longFunctions } from '../../../scripts/code-shape.mjs';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));

describe('packages/sources/src', () => {
  it('has no function over 100 lines', () => {
    expect(longFunctions(SRC, 100)).toEqual([]);
  });

  it('has no import cycle among its files', () => {
    expect(importCycles(SRC)).toEqual([]);
  });
});
