// Min-max decimation to the pixel grid (the "M4" reduction): every run of consecutive points that
// falls in one pixel column is replaced by its first, lowest, highest and last point, in their
// original order. The polyline through those draws exactly the pixels the raw polyline draws, so
// drawing cost no longer depends on the number of points. A non-finite x or y breaks the line.

export interface Decimated {
  /** x and y of the kept points; a NaN pair marks a break in the line */
  x: Float64Array;
  y: Float64Array;
  /** number of finite points read */
  finite: number;
}

/**
 * Decimates (x[i], y[i]) to pixel columns of `columnWidth` data units starting at `x0`
 * (column = floor((x - x0) / columnWidth)). With `positiveY`, y <= 0 breaks the line too.
 */
export function decimate(
  x: ArrayLike<number>,
  y: ArrayLike<number>,
  x0: number,
  columnWidth: number,
  options: { positiveY?: boolean } = {},
): Decimated {
  const positiveY = options.positiveY === true; // for log axes: y <= 0 cannot be drawn, so it breaks the line
  const n = Math.min(x.length, y.length);
  const perColumn = 1 / columnWidth;
  let outX = new Float64Array(Math.min(n, 4096) * 4 + 8);
  let outY = new Float64Array(outX.length);
  let m = 0;
  let finite = 0;
  const push = (xi: number, yi: number) => {
    if (m === outX.length) {
      const grownX = new Float64Array(outX.length * 2);
      const grownY = new Float64Array(outX.length * 2);
      grownX.set(outX);
      grownY.set(outY);
      outX = grownX;
      outY = grownY;
    }
    outX[m] = xi;
    outY[m] = yi;
    m++;
  };

  let open = false; // a column run is being collected
  let column = 0;
  let first = 0;
  let lo = 0;
  let hi = 0;
  let last = 0;
  const flush = () => {
    if (!open) return;
    open = false;
    // emit first, min, max, last in index order, without repeats
    const a = Math.min(lo, hi);
    const b = Math.max(lo, hi);
    push(x[first] as number, y[first] as number);
    if (a !== first) push(x[a] as number, y[a] as number);
    if (b !== a && b !== first) push(x[b] as number, y[b] as number);
    if (last !== b && last !== first) push(x[last] as number, y[last] as number);
  };

  for (let i = 0; i < n; i++) {
    const xi = x[i] as number;
    const yi = y[i] as number;
    if (!(Number.isFinite(xi) && Number.isFinite(yi)) || (positiveY && !(yi > 0))) {
      flush();
      if (m > 0 && !Number.isNaN(outY[m - 1] as number)) push(Number.NaN, Number.NaN);
      continue;
    }
    finite++;
    const c = Math.floor((xi - x0) * perColumn);
    if (open && c === column) {
      if (yi < (y[lo] as number)) lo = i;
      else if (yi > (y[hi] as number)) hi = i;
      last = i;
    } else {
      flush();
      open = true;
      column = c;
      first = lo = hi = last = i;
    }
  }
  flush();
  return { x: outX.subarray(0, m), y: outY.subarray(0, m), finite };
}
