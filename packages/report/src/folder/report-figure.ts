import { escapeHtml as e, interactiveChart, interactiveFigure } from '../page/index.js';
import type { Picture } from './assets.js';

/**
 * A chart of the report drawn in the page: the interactive figure, its PNG (a data URI) for readers
 * without JavaScript and for printing, and a link to the log that holds every row.
 */
export function interactivePicture(
  picture: Picture,
  interactive: NonNullable<Picture['interactive']>,
  uri: string,
): string {
  const { id, chart, data, dataLabel } = interactive;
  const caption = `${e(picture.title)} — <code>${e(picture.label ?? picture.file)}</code> · every row: <a href="${e(data)}">${e(dataLabel ?? data)}</a>`;
  return interactiveChart(chart, { id, image: { src: uri, alt: picture.title }, caption });
}

/**
 * One metric across many runs drawn in the page (filters, group toggles, smoothing, x modes), its
 * PNG for readers without JavaScript; the caption says how much of the logged data it embeds.
 */
export function overlayPicture(
  picture: Picture,
  overlay: NonNullable<Picture['overlay']>,
  uri: string,
): string {
  const { id, data } = overlay;
  const points = data.runs.reduce((sum, r) => sum + r.points, 0);
  const kept = data.runs.reduce((sum, r) => sum + r.y.length, 0);
  const drawn =
    kept < points
      ? ` · drawn from ${kept} of ${points} logged points (per pixel column: first, lowest, highest, last); every row is in the runs' files`
      : '';
  const caption = `${e(picture.title)} — <code>${e(picture.label ?? picture.file)}</code>${e(drawn)}`;
  return interactiveFigure(data, { id, image: { src: uri, alt: picture.title }, caption });
}
