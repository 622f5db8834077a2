import type { Picture } from '../assets.js';
import { escapeHtml as e, interactiveChart } from '../page/index.js';

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
