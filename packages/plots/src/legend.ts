// Legend placement: the candidate box that covers the fewest drawn pixels wins, as matplotlib's
// loc='best'. Drawn geometry is rasterised onto a coarse occupancy grid of the plot area.

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

const CELL = 4; // px per occupancy cell

export class OccupancyGrid {
  private readonly cols: number;
  private readonly rows: number;
  private readonly cells: Uint8Array;

  constructor(private readonly area: Rect) {
    this.cols = Math.max(1, Math.ceil(area.width / CELL));
    this.rows = Math.max(1, Math.ceil(area.height / CELL));
    this.cells = new Uint8Array(this.cols * this.rows);
  }

  markPoint(px: number, py: number): void {
    const c = Math.floor((px - this.area.x) / CELL);
    const r = Math.floor((py - this.area.y) / CELL);
    if (c >= 0 && r >= 0 && c < this.cols && r < this.rows) this.cells[r * this.cols + c] = 1;
  }

  markSegment(x0: number, y0: number, x1: number, y1: number): void {
    const steps = Math.min(10_000, Math.ceil(Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0)) / (CELL / 2)));
    for (let s = 0; s <= steps; s++) {
      const t = steps === 0 ? 0 : s / steps;
      this.markPoint(x0 + (x1 - x0) * t, y0 + (y1 - y0) * t);
    }
  }

  markRect(rect: Rect): void {
    for (let y = rect.y; y < rect.y + rect.height; y += CELL) {
      for (let x = rect.x; x < rect.x + rect.width; x += CELL) this.markPoint(x, y);
    }
  }

  /** occupied cells inside `rect` */
  count(rect: Rect): number {
    const c0 = Math.max(0, Math.floor((rect.x - this.area.x) / CELL));
    const c1 = Math.min(this.cols, Math.ceil((rect.x + rect.width - this.area.x) / CELL));
    const r0 = Math.max(0, Math.floor((rect.y - this.area.y) / CELL));
    const r1 = Math.min(this.rows, Math.ceil((rect.y + rect.height - this.area.y) / CELL));
    let n = 0;
    for (let r = r0; r < r1; r++) for (let c = c0; c < c1; c++) n += this.cells[r * this.cols + c] as number;
    return n;
  }
}

/** Where a legend box of `size` goes inside `area`: the corner or edge that hides the least data. */
export function placeLegend(area: Rect, size: { width: number; height: number }, grid: OccupancyGrid): Rect {
  const inset = 8;
  const left = area.x + inset;
  const right = area.x + area.width - inset - size.width;
  const centerX = area.x + (area.width - size.width) / 2;
  const top = area.y + inset;
  const bottom = area.y + area.height - inset - size.height;
  const middle = area.y + (area.height - size.height) / 2;
  // preference order breaks ties, as matplotlib's: upper right first
  const candidates: [number, number][] = [
    [right, top],
    [left, top],
    [right, bottom],
    [left, bottom],
    [centerX, top],
    [centerX, bottom],
    [right, middle],
    [left, middle],
  ];
  let best: Rect | null = null;
  let bestScore = Number.POSITIVE_INFINITY;
  for (const [x, y] of candidates) {
    const rect = { x, y, width: size.width, height: size.height };
    const score = grid.count(rect);
    if (score < bestScore) {
      best = rect;
      bestScore = score;
    }
  }
  return best ?? { x: right, y: top, width: size.width, height: size.height };
}
