export { describeEnv } from './describe-env.js';
export { EnvConfigError } from './errors.js';
export {
  describeIntegerRange,
  type IntegerRange,
  type ParseResult,
  parseBoolean,
  parseEpisodeList,
  parseInteger,
  parsePath,
} from './parsers.js';
export { isMainProcess, readEvidenceEnv } from './read-env.js';
export { DEFAULT_PREFIX } from './resolve.js';
export type {
  AnimationSettings,
  CurveSettings,
  DistributedSettings,
  EnvOptions,
  EnvProblem,
  EnvSource,
  EnvVariableDescription,
  EvidenceEnv,
} from './types.js';
export { type UnknownVariable, unknownVariables } from './unknown-variables.js';
export { VARIABLE_KEYS, type VariableKey } from './variables.js';
