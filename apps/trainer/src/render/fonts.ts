import { registerFonts } from '@evidence/plots';

/** The bundled face @evidence/plots registers (DejaVu Sans); the GIF frames use it too. */
export const FRAME_FONT = 'DejaVu Sans';

/**
 * Registers the bundled font once. Without it, a machine with no system fonts draws no text at all
 * and reports no error, so the GIFs would silently lose their step counter.
 */
export function registerFrameFont(): void {
  registerFonts();
}
