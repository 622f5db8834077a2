import { DEFAULT_BOOTSTRAP_SEED, DEFAULT_RESAMPLES } from '@evidence/report';
import { expect, it } from 'vitest';
import { BOOTSTRAP_RESAMPLES, BOOTSTRAP_SEED } from './bootstrap-defaults.js';

it("the help's bootstrap defaults are the report package's", () => {
  expect(BOOTSTRAP_SEED).toBe(DEFAULT_BOOTSTRAP_SEED);
  expect(BOOTSTRAP_RESAMPLES).toBe(DEFAULT_RESAMPLES);
});
