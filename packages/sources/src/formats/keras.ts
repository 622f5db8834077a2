/** Keras' CSVLogger: epoch first, then loss and val_* columns; x = epoch. */
import { tablePart } from '../part.js';
import type { Format } from './format.js';

export const kerasCsv: Format = {
  id: 'keras-csv',
  label: 'Keras CSVLogger',
  claim: (header) => header[0] === 'epoch' && header.some((h) => h === 'loss' || h.startsWith('val_')),
  read: ({ columns, source, file, meta, issues }) =>
    tablePart('keras-csv', columns, source, file, { x: 'epoch', meta, issues }),
};
