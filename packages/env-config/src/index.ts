export { describeEnv } from './describe-env';
export { EnvConfigError } from './errors';
export {
  describeIntegerRange,
  type IntegerRange,
  type ParseResult,
  parseBoolean,
  parseEpisodeList,
  parseInteger,
  parsePath,
} from './parsers';
export { isMainProcess, readEvidenceEnv } from './read-env';
export { DEFAULT_PREFIX } from './resolve';
export type {
  AnimationSettings,
  CurveSettings,
  DistributedSettings,
  EnvOptions,
  EnvProblem,
  EnvSource,
  EnvVariableDescription,
  EvidenceEnv,
} from './types';
export { type UnknownVariable, unknownVariables } from './unknown-variables';
export { VARIABLE_KEYS, type VariableKey } from './variables';
