export {
  type BeforeAfterMetrics,
  type BeforeAfterOptions,
  computeBeforeAfter,
  type SideStats,
} from './before-after.js';
export { mulberry32, type Random } from './prng.js';
export { DEFAULT_REWARD_KEY, type EvalRecord, rateName, type Step, stepsOf } from './records.js';
export { iqm, mean, median, probabilityOfImprovement, std } from './summary.js';
