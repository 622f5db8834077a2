/** SpinningUp's EpochLogger: progress.txt of AverageEpRet, TotalEnvInteracts… */
import type { Format } from './format.js';

export const spinningupProgress: Format = {
  id: 'spinningup-progress',
  label: 'SpinningUp progress.txt',
  claim: (header) =>
    header.includes('AverageEpRet') ||
    header.includes('TotalEnvInteracts') ||
    header.includes('AverageTestEpRet'),
  progress: true,
};
