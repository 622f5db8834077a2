import { resolveEvidenceEnv } from './resolve.js';
import type { EnvOptions, EnvVariableDescription } from './types.js';

/**
 * Every variable with its default, its current value, where that value came from and what is in use,
 * for `evidence env`. Never throws for bad values: their rows carry `problem` instead.
 */
export function describeEnv(options: EnvOptions = {}): EnvVariableDescription[] {
  return resolveEvidenceEnv(options).rows;
}
