import { EnvReader } from './env-reader.js';
import { EnvConfigError } from './errors.js';
import { DEFAULT_PREFIX, defaultEnv, readDistributed, resolveEvidenceEnv } from './resolve.js';
import type { EnvOptions, EvidenceEnv } from './types.js';
import { unknownVariables } from './unknown-variables.js';

/**
 * The evidence configuration from environment variables (`EVIDENCE_` by default), validated strictly
 * and deeply frozen. Throws one `EnvConfigError` listing every bad variable. Reading `process.env`, it
 * warns once per process about each prefixed variable it does not know (a typo would otherwise be
 * ignored without a word).
 */
export function readEvidenceEnv(options: EnvOptions = {}): EvidenceEnv {
  const { env, problems } = resolveEvidenceEnv(options);
  if (problems.length > 0) throw new EnvConfigError(problems);
  if (options.env === undefined) warnUnknownOnce(env.prefix);
  return env;
}

const warned = new Set<string>();

function warnUnknownOnce(prefix: string): void {
  for (const { variable, suggestion } of unknownVariables({ prefix })) {
    if (warned.has(variable)) continue;
    warned.add(variable);
    const hint = suggestion === null ? '' : `; did you mean ${suggestion}?`;
    globalThis.process?.emitWarning(`${variable} is unknown and ignored${hint}`, {
      type: 'EnvConfigWarning',
      code: 'EVIDENCE_UNKNOWN_VARIABLE',
    });
  }
}

/**
 * True on rank 0, or when the run is not distributed. Reads only RANK, LOCAL_RANK and WORLD_SIZE, so
 * a trainer can gate its own logging without depending on the other variables being valid.
 */
export function isMainProcess(options: Pick<EnvOptions, 'env'> = {}): boolean {
  const reader = new EnvReader(DEFAULT_PREFIX, options.env ?? defaultEnv());
  const { rank } = readDistributed(reader);
  if (reader.problems.length > 0) throw new EnvConfigError(reader.problems);
  return rank === 0;
}
