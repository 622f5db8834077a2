/**
 * A small deterministic scene (RGB bytes): a smooth background, a moving square and a blinking dot.
 * Few colours, like real environment frames, so the 255-colour palette can hold them.
 */
export function sceneFrame(width: number, height: number, index: number): Uint8Array {
  const data = new Uint8Array(width * height * 3);
  const size = Math.max(2, Math.floor(Math.min(width, height) / 4));
  const sx = (index * 3) % Math.max(1, width - size);
  const sy = Math.floor(height / 3);
  for (let y = 0, p = 0; y < height; y++) {
    for (let x = 0; x < width; x++, p += 3) {
      let r = 20 + Math.floor((x * 60) / width);
      let g = 30 + Math.floor((y * 90) / height);
      let b = 90;
      if (x >= sx && x < sx + size && y >= sy && y < sy + size) [r, g, b] = [235, 200, 40];
      if (index % 2 === 0 && Math.abs(x - 2) <= 1 && Math.abs(y - 2) <= 1) [r, g, b] = [250, 250, 250];
      data[p] = r;
      data[p + 1] = g;
      data[p + 2] = b;
    }
  }
  return data;
}
