// Everything that knows about the drawing library lives here: creating a surface for a format,
// registering the bundled font, and encoding. Another Canvas-2D backend is a thin adapter of this file.
import { createRequire } from 'node:module';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PDFDocument } from '@napi-rs/canvas';

type CanvasModule = typeof import('@napi-rs/canvas');
let canvasModule: CanvasModule | undefined;

/**
 * @napi-rs/canvas, loaded on the first drawing: it maps a 36 MB native Skia library, which a program
 * that imports this package only to read data or name formats (`evidence compare`, `runs --json`)
 * must not pay for. The package is CommonJS, so a synchronous require serves ESM and CJS builds alike.
 */
function loadCanvas(): CanvasModule {
  canvasModule ??= createRequire(import.meta.url)('@napi-rs/canvas') as CanvasModule;
  return canvasModule;
}

/** PNG device pixels per CSS pixel: 960×640 charts become 1440×960 PNGs, sharper than the reference
 * trainer's 1100×830, at about half the rasterise-and-encode cost of 2×. */
export const DEFAULT_PIXEL_RATIO = 1.5;

export type OutputFormat = 'png' | 'svg' | 'pdf';
/** The standard Canvas 2D drawing API: all `draw.ts` needs, and all another backend must provide. */
export type Context2D = ReturnType<PDFDocument['beginPage']>;

/** The family name every chart uses; registered from the bundled DejaVu TTFs. */
export const FONT_FAMILY = 'DejaVu Sans';

let fontsRegistered = false;

/**
 * Registers DejaVu Sans (regular and bold) under its own name and as `sans-serif`. Without it, a
 * machine with no system fonts draws no text at all and reports no error. The package ships only
 * these two files (`fonts/`, DejaVu 2.37, with their licence), not the 12 MB family.
 */
export function registerFonts(): void {
  if (fontsRegistered) return;
  const { GlobalFonts } = loadCanvas();
  for (const file of ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf']) {
    // One level below the package root both as src/canvas-backend.ts and as the built dist/index.js.
    const path = fileURLToPath(new URL(`../fonts/${file}`, import.meta.url));
    if (
      !GlobalFonts.registerFromPath(path, FONT_FAMILY) ||
      !GlobalFonts.registerFromPath(path, 'sans-serif')
    ) {
      throw new Error(`@evidence/plots: could not register the bundled font ${path}`);
    }
  }
  fontsRegistered = true;
}

/** The output format implied by a file name: .png, .svg or .pdf. */
export function formatOf(path: string): OutputFormat {
  const ext = extname(path).toLowerCase();
  if (ext === '.png' || ext === '.svg' || ext === '.pdf') return ext.slice(1) as OutputFormat;
  throw new Error(
    `${path}: cannot tell the chart format from the extension "${ext}"; expected .png, .svg or .pdf`,
  );
}

export interface Surface {
  readonly ctx: Context2D;
  /** Finishes drawing and returns the encoded file. PNG encoding runs off the main thread. */
  finish(): Promise<Buffer>;
}

/**
 * A drawing surface of `width`×`height` CSS pixels. PNG is rasterised at `pixelRatio` for crisp text;
 * SVG and PDF are vector, so the ratio does not apply.
 */
export function createSurface(
  format: OutputFormat,
  width: number,
  height: number,
  pixelRatio = DEFAULT_PIXEL_RATIO,
): Surface {
  registerFonts();
  const { createCanvas, PDFDocument, SvgExportFlag } = loadCanvas();
  if (format === 'svg') {
    const canvas = createCanvas(width, height, SvgExportFlag.NoPrettyXML);
    const ctx = prepare(canvas.getContext('2d'));
    return { ctx, finish: async () => canvas.getContent() };
  }
  if (format === 'pdf') {
    const doc = new PDFDocument({ creator: '@evidence/plots', producer: '@evidence/plots' });
    const ctx = prepare(doc.beginPage(width, height));
    return {
      ctx,
      finish: async () => {
        doc.endPage();
        return doc.close();
      },
    };
  }
  const canvas = createCanvas(Math.round(width * pixelRatio), Math.round(height * pixelRatio));
  const ctx = prepare(canvas.getContext('2d'));
  ctx.scale(pixelRatio, pixelRatio);
  return { ctx, finish: () => canvas.encode('png') };
}

/**
 * Characters no chart text may hold: C0 and C1 controls, DEL, the XML non-characters U+FFFE/U+FFFF and
 * lone surrogates. A run, group or metric name can hold any of them; in an SVG they make the file
 * invalid XML (a browser refuses to open it), in a PNG they draw as boxes.
 */
const NOT_TEXT =
  /[\u0000-\u001f\u007f-\u009f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** `text` without the characters a chart cannot hold (see NOT_TEXT). */
export function chartText(text: string): string {
  return text.replace(NOT_TEXT, '');
}

function prepare(ctx: Context2D): Context2D {
  ctx.lang = 'en'; // reproducible text shaping, whatever the host language
  ctx.font = `12px "${FONT_FAMILY}"`;
  // every text drawn or measured goes through here, whatever chart draws it
  const fillText = ctx.fillText.bind(ctx);
  const strokeText = ctx.strokeText.bind(ctx);
  const measureText = ctx.measureText.bind(ctx);
  ctx.fillText = (text: string, x: number, y: number, maxWidth?: number) =>
    maxWidth === undefined ? fillText(chartText(text), x, y) : fillText(chartText(text), x, y, maxWidth);
  ctx.strokeText = (text: string, x: number, y: number, maxWidth?: number) =>
    maxWidth === undefined ? strokeText(chartText(text), x, y) : strokeText(chartText(text), x, y, maxWidth);
  ctx.measureText = (text: string) => measureText(chartText(text));
  return ctx;
}
