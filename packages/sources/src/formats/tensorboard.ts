/** TensorBoard: its event files (tensorboard/ reads them) and its dashboard's CSV download. */
import { basename } from 'node:path';
import { tablePart } from '../part.js';
import type { Format } from './format.js';

export const tensorboard: Format = { id: 'tensorboard', label: 'TensorBoard run' };

/** "Download CSV": `Wall time,Step,Value`, the tag in the file's name. */
export const tensorboardCsv: Format = {
  id: 'tensorboard-csv',
  label: 'TensorBoard CSV or JSON download',
  claim: (header) =>
    header.length === 3 && header[0] === 'Wall time' && header[1] === 'Step' && header[2] === 'Value',
  whole: true,
  read: ({ columns, source, file, meta, issues }) => {
    const name = basename(file);
    // TensorBoard names a download run-<run>-tag-<tag with / as _>.csv
    const tag = /-tag-(.+)\.csv$/.exec(name)?.[1] ?? name.replace(/\.csv$/, '');
    const renamed = new Map([
      ['Step', columns.get('Step') ?? new Float64Array(0)],
      [tag, columns.get('Value') ?? new Float64Array(0)],
      ['Wall time', columns.get('Wall time') ?? new Float64Array(0)],
    ]);
    const part = tablePart('tensorboard-csv', renamed, source, file, {
      x: 'Step',
      wall: 'Wall time',
      meta,
      issues,
    });
    part.series = part.series.filter((s) => s.metric !== 'Wall time');
    part.y = tag;
    return part;
  },
};
