// A chart description → a file. The extension of `out` picks PNG, SVG or PDF; the write is atomic.

import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { createSurface, DEFAULT_PIXEL_RATIO, formatOf } from './canvas-backend.js';
import type { Chart } from './chart.js';
import { writeFileAtomic } from './data.js';
import { DEFAULT_HEIGHT, DEFAULT_WIDTH, drawChart } from './draw.js';

export interface RenderOptions {
  /** CSS pixels (default 960×640) */
  width?: number;
  height?: number;
  /** PNG device pixels per CSS pixel (default 1.5) */
  pixelRatio?: number;
  /** replaces the chart's default title */
  title?: string;
}

/** Draws `chart` to bytes in the given format. */
export async function encodeChart(
  chart: Chart,
  format: 'png' | 'svg' | 'pdf',
  pixelRatio = DEFAULT_PIXEL_RATIO,
): Promise<Buffer> {
  const surface = createSurface(
    format,
    chart.width ?? DEFAULT_WIDTH,
    chart.height ?? DEFAULT_HEIGHT,
    pixelRatio,
  );
  drawChart(surface.ctx, chart);
  return surface.finish();
}

/** Draws `chart` into `out` (.png, .svg or .pdf), atomically; resolves to `out`. */
export async function renderChart(chart: Chart, out: string, options: RenderOptions = {}): Promise<string> {
  const format = formatOf(out);
  const sized: Chart = {
    ...chart,
    width: options.width ?? chart.width,
    height: options.height ?? chart.height,
    title: options.title ?? chart.title,
  };
  const bytes = await encodeChart(sized, format, options.pixelRatio);
  await mkdir(dirname(out), { recursive: true });
  await writeFileAtomic(out, bytes);
  return out;
}
