// Round tick values. A hand-written copy of d3-array's integer-index algorithm (d3-array is ESM-only,
// which would break our CommonJS build on Node < 20.19). Ticks are i/10^k or i·10^k with integer i,
// so they print without float artifacts (never 0.30000000000000004).

const e10 = Math.sqrt(50);
const e5 = Math.sqrt(10);
const e2 = Math.sqrt(2);

/** [i1, i2, inc]: ticks are i·inc for inc > 0, or i / -inc for inc < 0, with i in [i1, i2]. */
function tickSpec(start: number, stop: number, count: number): [number, number, number] {
  const step = (stop - start) / Math.max(0, count);
  const power = Math.floor(Math.log10(step));
  const error = step / 10 ** power;
  const factor = error >= e10 ? 10 : error >= e5 ? 5 : error >= e2 ? 2 : 1;
  let i1: number;
  let i2: number;
  let inc: number;
  if (power < 0) {
    inc = 10 ** -power / factor;
    i1 = Math.round(start * inc);
    i2 = Math.round(stop * inc);
    if (i1 / inc < start) ++i1;
    if (i2 / inc > stop) --i2;
    inc = -inc;
  } else {
    inc = 10 ** power * factor;
    i1 = Math.round(start / inc);
    i2 = Math.round(stop / inc);
    if (i1 * inc < start) ++i1;
    if (i2 * inc > stop) --i2;
  }
  if (i2 < i1 && 0.5 <= count && count < 2) return tickSpec(start, stop, count * 2);
  return [i1, i2, inc];
}

/** About `count` round values inside [start, stop] (either order), as d3-array's `ticks`. */
export function ticks(start: number, stop: number, count: number): number[] {
  if (!(count > 0) || !Number.isFinite(start) || !Number.isFinite(stop)) return [];
  if (start === stop) return [start];
  const reverse = stop < start;
  const [i1, i2, inc] = reverse ? tickSpec(stop, start, count) : tickSpec(start, stop, count);
  // denormal spans overflow the integer indices: no round ticks exist there
  if (!(i2 >= i1) || !Number.isFinite(i1) || !Number.isFinite(i2) || !Number.isFinite(inc)) return [];
  const n = i2 - i1 + 1;
  if (n > 10_000) return [];
  const out = new Array<number>(n);
  for (let k = 0; k < n; ++k) {
    const i = reverse ? i2 - k : i1 + k;
    out[k] = inc < 0 ? i / -inc : i * inc;
  }
  return out;
}

/** The tick increment: positive = step, negative = -1/step (d3-array's tickIncrement). */
export function tickIncrement(start: number, stop: number, count: number): number {
  return tickSpec(start, stop, count)[2];
}

/** The distance between consecutive ticks of `ticks(start, stop, count)`. */
export function tickStep(start: number, stop: number, count: number): number {
  const reverse = stop < start;
  const inc = reverse ? tickIncrement(stop, start, count) : tickIncrement(start, stop, count);
  return (reverse ? -1 : 1) * (inc < 0 ? 1 / -inc : inc);
}

/** Extends [start, stop] to round values (d3-array's `nice`). */
export function nice(start: number, stop: number, count: number): [number, number] {
  let prestep: number | undefined;
  for (;;) {
    const step = tickIncrement(start, stop, count);
    if (step === prestep || step === 0 || !Number.isFinite(step)) return [start, stop];
    if (step > 0) {
      start = Math.floor(start / step) * step;
      stop = Math.ceil(stop / step) * step;
    } else {
      start = Math.ceil(start * step) / step;
      stop = Math.floor(stop * step) / step;
    }
    prestep = step;
  }
}

/**
 * Ticks for a log axis on [start, stop] (both > 0): powers of ten, with 2× and 5× in between when
 * the domain spans few decades, thinned to about `count`.
 */
export function logTicks(start: number, stop: number, count: number): number[] {
  const lo = Math.min(start, stop);
  const hi = Math.max(start, stop);
  if (!(lo > 0) || !Number.isFinite(hi)) return [];
  const p0 = Math.floor(Math.log10(lo));
  const p1 = Math.ceil(Math.log10(hi));
  const decades = p1 - p0;
  if (decades < 1 || lo === hi) return [lo];
  const mantissas = decades <= 2 ? [1, 2, 5] : decades <= 4 ? [1, 3] : [1];
  const out: number[] = [];
  for (let p = p0; p <= p1; p++) {
    for (const m of mantissas) {
      // m·10^p as a division or product of exact integers, so 1e-4 prints as 1e-4
      const v = p < 0 ? m / 10 ** -p : m * 10 ** p;
      if (v >= lo && v <= hi) out.push(v);
    }
  }
  if (out.length <= count) return out;
  // too many powers: keep every k-th decade
  const stride = Math.ceil(decades / count);
  const powers: number[] = [];
  for (let p = Math.ceil(Math.log10(lo)); p <= p1; p++) {
    if (p % stride !== 0) continue;
    const v = p < 0 ? 1 / 10 ** -p : 10 ** p;
    if (v >= lo && v <= hi) powers.push(v);
  }
  return powers.length > 0 ? powers : out.slice(0, 1);
}
