// uPlot axes whose labels are short and distinct (ticks.ts) and whose width fits them, so no label is cut.
import type uPlot from 'uplot';
import { tickLabels } from './ticks.js';

/** Labels of a log axis: the powers of ten, and 2 and 5 when the axis spans two decades or less. */
function logLabels(splits: number[]): string[] {
  const decades = splits.length
    ? Math.log10((splits[splits.length - 1] as number) / (splits[0] as number))
    : 0;
  const labels = tickLabels(splits);
  return splits.map((v, i) => {
    const mantissa = Number((v / 10 ** Math.floor(Math.log10(v) + 1e-9)).toPrecision(3));
    return mantissa === 1 || (decades <= 2 && (mantissa === 2 || mantissa === 5))
      ? (labels[i] as string)
      : '';
  });
}

export const values: uPlot.Axis.Values = (u, splits, axisIdx) => {
  const scale = u.axes[axisIdx]?.scale ?? 'y';
  return u.scales[scale]?.distr === 3 ? logLabels(splits) : tickLabels(splits);
};

/** Width of a y axis: its longest label (about 7 px a character at 12 px), the ticks and the label. */
export const ySize: uPlot.Axis.Size = (_u, labels) => {
  const longest = labels ? Math.max(0, ...labels.map((text) => String(text ?? '').length)) : 4;
  return Math.ceil(22 + 7 * longest + 20);
};

/** Room around the plot (top, right, bottom, left): the last x tick's label is centred on the edge. */
export const PADDING: uPlot.Padding = [12, 28, 0, 0];
