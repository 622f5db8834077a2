import { cellNumber } from './cells.js';

/** 10^k for k ≤ 15: every one exact in a double. */
const POW10 = Array.from({ length: 16 }, (_, k) => 10 ** k);

/**
 * cellNumber, with the common cell read from its characters: an optional sign, at most 15 digits and
 * at most one dot. Those digits form an integer below 2^53 and 10^k is exact, so one division is the
 * correctly rounded value, exactly what Number() gives (Clinger's fast path). Anything else (spaces,
 * exponents, nan, text, more digits) goes to cellNumber. Measured: the cells of a sweep's progress.csv
 * files read about twice as fast.
 */
export function cellValue(cell: string): number | undefined {
  return cellValueAt(cell, 0, cell.length);
}

/** cellValue of `text.slice(from, to)`, read in place: the common cell makes no string. */
export function cellValueAt(text: string, from: number, to: number): number | undefined {
  const first = text.charCodeAt(from);
  let i = first === 45 /* - */ || first === 43 /* + */ ? from + 1 : from;
  let whole = 0;
  let digits = 0;
  let decimals = -1;
  for (; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      whole = whole * 10 + (c - 48);
      digits++;
      if (decimals >= 0) decimals++;
    } else if (c === 46 /* . */ && decimals < 0) decimals = 0;
    else return cellNumber(text.slice(from, to));
  }
  if (digits === 0 || digits > 15) return cellNumber(text.slice(from, to));
  const value = decimals > 0 ? whole / (POW10[decimals] as number) : whole;
  return first === 45 ? -value : value;
}
