/** Our own files: the training log (evidence-csv.ts reads it) and the curve recorder's reward history. */
import type { Format } from './format.js';

export const evidenceCsv: Format = { id: 'evidence-csv', label: 'evidence log' };

export const rewardHistory: Format = { id: 'reward-history', label: 'evidence reward history' };
