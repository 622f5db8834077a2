// The page kit: what every page of the report uses (both the run's report and the many-runs page).

export {
  type InteractiveChartOptions,
  interactiveAssets,
  interactiveChart,
  interactiveFigure,
} from './chart.js';
export { DEFAULT_COLUMNS, embedChart, scriptJson } from './chart-data.js';
export type {
  EmbeddedChart,
  EmbeddedOverlay,
  EmbeddedPanel,
  EmbeddedSeries,
  OverlayGroup,
  OverlayRun,
} from './chart-types.js';
export { foldedSection, htmlDocument, section } from './document.js';
export { escapeHtml, escapeMarkdown, markdownCode } from './escape.js';
export { formatInterval, formatNumber, formatSigned, plural } from './format.js';
export { LIVE_DATA_CALLBACK, LIVE_DATA_FILE, LIVE_POLL_MS } from './live.js';
export {
  columnIndices,
  embedOverlay,
  OVERLAY_POINT_BUDGET,
  type OverlayInput,
  type OverlayInputGroup,
  type OverlayInputRun,
  overlayColumns,
} from './overlay.js';
export { MAX_OVERLAY_LINES, overlayChart } from './overlay-chart.js';
export { PAGE_CSS } from './style.js';
