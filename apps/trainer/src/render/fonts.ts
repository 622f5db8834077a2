import { createRequire } from 'node:module';
import { GlobalFonts } from '@napi-rs/canvas';

export const FRAME_FONT = 'DejaVu Sans';
let registered = false;

/**
 * Registers the bundled DejaVu Sans with @napi-rs/canvas. Without it, a machine with no system fonts
 * draws no text at all and reports no error, so the GIFs would silently lose their step counter.
 */
export function registerFrameFont(): void {
  if (registered) return;
  const require = createRequire(import.meta.url);
  const path = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
  if (!GlobalFonts.registerFromPath(path, FRAME_FONT)) {
    throw new Error(`@evidence/trainer: could not register the font ${path}`);
  }
  registered = true;
}
