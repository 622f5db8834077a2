/** PyTorch Lightning's CSVLogger: metrics.csv with step and epoch columns; x = step. */
import { tablePart } from '../part.js';
import type { Format } from './format.js';

export const lightningCsv: Format = {
  id: 'lightning-csv',
  label: 'Lightning CSVLogger metrics.csv',
  claim: (header, name) => name === 'metrics.csv' && header.includes('step') && header.includes('epoch'),
  read: ({ columns, source, file, meta, issues }) =>
    tablePart('lightning-csv', columns, source, file, { x: 'step', meta, issues }),
};
