// The overlays of a folder of runs as the report places them: a file stem each, the data the page
// embeds (each overlay's share of the page's points) and the picture its PNG and SVG draw.
import type { Chart } from '@evidence/plots';
import {
  type EmbeddedOverlay,
  embedOverlay,
  OVERLAY_POINT_BUDGET,
  type OverlayInput,
  overlayChart,
} from '../page/index.js';

/** Points embedded over all overlays of one report page (a 100-run folder of 5 metrics stays under 5 MB). */
export const REPORT_OVERLAY_POINTS = 160_000;

export interface OverlayFigure {
  /** file stem: `overlay-<n>-<metric>` */
  file: string;
  data: EmbeddedOverlay;
  chart: Chart;
}

export function overlayFigures(overlays: readonly OverlayInput[]): OverlayFigure[] {
  // the page's budget is shared by the overlays: each gets its share, at least an eighth of one chart's
  const budget = Math.min(
    OVERLAY_POINT_BUDGET,
    Math.max(OVERLAY_POINT_BUDGET / 8, Math.floor(REPORT_OVERLAY_POINTS / Math.max(1, overlays.length))),
  );
  return overlays.map((input, index) => {
    const data = embedOverlay(input, { budget });
    return {
      file: `overlay-${index + 1}-${input.metric.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 60)}`,
      data,
      chart: overlayChart(data),
    };
  });
}
