/** Browsers stretch GIF delays under 2 cs (20 ms) to about 10 cs, so rates above 50 fps play slower. */
export const MAX_FAITHFUL_FPS = 50;

/**
 * Delay of frame `index` in whole centiseconds, spreading the rounding so that the first n frames
 * always last floor(n × 100 / fps) cs: 30 fps gives 3, 3, 4, 3, 3, 4, … Never below 1 cs, because 0
 * means "as fast as possible" to some decoders and 10 cs to others.
 */
export function frameDelayCentiseconds(index: number, fps: number): number {
  const end = Math.floor(((index + 1) * 100) / fps + 1e-9);
  const start = Math.floor((index * 100) / fps + 1e-9);
  return Math.max(1, end - start);
}

export function checkFps(fps: number): number {
  if (typeof fps !== 'number' || !Number.isFinite(fps) || fps <= 0 || fps > 100) {
    throw new RangeError(`fps must be a number above 0 and at most 100, got ${String(fps)}`);
  }
  return fps;
}
