/** sacred's FileStorageObserver: metrics.json (recognisers/sacred.ts reads it). */
import type { Format } from './format.js';

export const sacredMetrics: Format = { id: 'sacred-metrics', label: 'sacred metrics.json' };
