/** Deterministic test frames (RGB, 3 bytes a pixel): a moving filled rectangle and a rotating 3 px line. */
export type Background = 'gradient' | 'flat';

export function makeFrame(
  width: number,
  height: number,
  index: number,
  background: Background,
  out?: Uint8Array,
): Uint8Array {
  const data = out ?? new Uint8Array(width * height * 3);
  for (let y = 0, p = 0; y < height; y++) {
    for (let x = 0; x < width; x++, p += 3) {
      if (background === 'gradient') {
        data[p] = Math.floor((x * 255) / (width - 1));
        data[p + 1] = Math.floor((y * 255) / (height - 1));
        data[p + 2] = 128;
      } else {
        data[p] = 34;
        data[p + 1] = 40;
        data[p + 2] = 60;
      }
    }
  }
  // rectangle bouncing horizontally
  const rw = Math.max(4, Math.floor(width / 8));
  const rh = Math.max(4, Math.floor(height / 6));
  const span = width - rw;
  const phase = (index * 5) % (2 * span);
  const rx = phase < span ? phase : 2 * span - phase;
  const ry = Math.floor(height / 2) - Math.floor(rh / 2);
  for (let y = ry; y < ry + rh; y++) {
    for (let x = rx; x < rx + rw; x++) {
      const p = (y * width + x) * 3;
      data[p] = 230;
      data[p + 1] = 80;
      data[p + 2] = 40;
    }
  }
  // line rotating about the centre (integer Bresenham, 3 px thick)
  const cx = Math.floor(width / 2);
  const cy = Math.floor(height / 3);
  const length = Math.floor(Math.min(width, height) / 4);
  const angle = (index * Math.PI) / 60;
  const x1 = cx + Math.round(Math.cos(angle) * length);
  const y1 = cy + Math.round(Math.sin(angle) * length);
  let x = cx;
  let y = cy;
  const dx = Math.abs(x1 - x);
  const dy = -Math.abs(y1 - y);
  const sx = x < x1 ? 1 : -1;
  const sy = y < y1 ? 1 : -1;
  let err = dx + dy;
  for (;;) {
    for (let oy = -1; oy <= 1; oy++) {
      for (let ox = -1; ox <= 1; ox++) {
        const px = x + ox;
        const py = y + oy;
        if (px < 0 || py < 0 || px >= width || py >= height) continue;
        const p = (py * width + px) * 3;
        data[p] = 40;
        data[p + 1] = 200;
        data[p + 2] = 90;
      }
    }
    if (x === x1 && y === y1) break;
    const e2 = 2 * err;
    if (e2 >= dy) {
      err += dy;
      x += sx;
    }
    if (e2 <= dx) {
      err += dx;
      y += sy;
    }
  }
  return data;
}

/** RGB → RGBA, alpha 255. */
export function toRgba(rgb: Uint8Array): Uint8Array {
  const out = new Uint8Array((rgb.length / 3) * 4);
  for (let i = 0, o = 0; i < rgb.length; i += 3, o += 4) {
    out[o] = rgb[i] as number;
    out[o + 1] = rgb[i + 1] as number;
    out[o + 2] = rgb[i + 2] as number;
    out[o + 3] = 255;
  }
  return out;
}
