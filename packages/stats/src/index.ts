export {
  type AggregateName,
  COVERED_FROM,
  coverageStudy,
  expandedConfidence,
  intervalPlan,
  populationAggregates,
  STUDY_DISTRIBUTIONS,
  type StudyDistribution,
} from './aggregate-coverage.js';
export { aggregateIqm } from './aggregate-iqm.js';
export { aggregateMean } from './aggregate-mean.js';
export { aggregateMedian } from './aggregate-median.js';
export { type Aggregates, aggregatesWithIntervals } from './aggregates.js';
export { ascending } from './ascending.js';
export { bcaInterval } from './bca-interval.js';
export { type BootstrapOptions, bootstrap, type Counts, type Estimate, type Resample } from './bootstrap.js';
export { type Decision, decide, LEVEL, mirrorVerdict, type TestTails, type Verdict } from './decide.js';
export { DEFAULT_CONFIDENCE, DEFAULT_RESAMPLES, DEFAULT_SEED } from './defaults.js';
export { improvementWithInterval } from './improvement.js';
export { iqm } from './iqm.js';
export { mean } from './mean.js';
export {
  CURVE_POINTS,
  type CurveRun,
  curvePoints,
  type MeanCurve,
  type MeanCurveOptions,
  meanCurve,
} from './mean-curve.js';
export { median } from './median.js';
export {
  hanleyMcNeilVariance,
  improvementNewcombe,
  newcombeImprovementInterval,
} from './newcombe-improvement.js';
export { normalCdf, normalQuantile } from './normal.js';
export { optimalityGap } from './optimality-gap.js';
export { overflowScale } from './overflow-scale.js';
export { percentileInterval } from './percentile-interval.js';
export { type Profile, performanceProfile } from './performance-profile.js';
export { probabilityGreater } from './probability-greater.js';
export { probabilityOfImprovement } from './probability-of-improvement.js';
export { newcombeDifference, newcombePairedDifference, wilson, Z95 } from './proportions.js';
export { quantileSorted } from './quantile.js';
export { mulberry32, type Random, stream, streamSeed } from './random.js';
export { EXACT_WORK, nullOfTwiceU, tieBlocks } from './rank-null.js';
export {
  type Alternative,
  CONVOLUTION_WORK,
  type NullDistribution,
  type RankTest,
  type RankTestOptions,
  rankTest,
  rankTestBothTails,
  runsToReach,
} from './rank-test.js';
export { type EfficiencyCurve, sampleEfficiencyCurve } from './sample-efficiency.js';
export { scoreDistribution } from './score-distribution.js';
export { pooled, type Scores, taskMeans } from './scores.js';
export { type SeedsNeeded, type SeedsNeededOptions, seedsNeeded } from './seeds-needed.js';
export { SIGN_FLIP_EXACT, signFlipTest } from './sign-flip-test.js';
export { std } from './std.js';
export { studentTCdf, studentTQuantile, tInterval } from './student-t.js';
export { type Summary, summary } from './summary.js';
export { unseenBound } from './unseen-bound.js';
