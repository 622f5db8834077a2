import { DEFAULT_RESAMPLES, DEFAULT_SEED } from '@evidence/stats';
import { expect, it } from 'vitest';
import { BOOTSTRAP_RESAMPLES, BOOTSTRAP_SEED } from './bootstrap-defaults.js';

it("the help's bootstrap defaults are @evidence/stats' own", () => {
  expect(BOOTSTRAP_SEED).toBe(DEFAULT_SEED);
  expect(BOOTSTRAP_RESAMPLES).toBe(DEFAULT_RESAMPLES);
  expect(BOOTSTRAP_RESAMPLES).toBe(10_000);
});
