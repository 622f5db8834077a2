/** d3rlpy's FileAdapter: one headerless file per metric (recognisers/d3rlpy.ts reads them). */
import type { Format } from './format.js';

export const d3rlpyCsv: Format = { id: 'd3rlpy-csv', label: 'd3rlpy metric files' };
