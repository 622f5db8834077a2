/**
 * Min/max statistics of a column chunk, from its distinct values or its doubles, as the format defines
 * them: NaN never a bound, a zero min is -0 and a zero max +0, text compared as UTF-8 bytes.
 */
import type { Cell, ColumnMetaData, ParquetType } from './parquet-pages.js';

export interface Bounds {
  min: Cell | Uint8Array | undefined;
  max: Cell | Uint8Array | undefined;
  nulls: number;
  nans: number;
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return (a[i] as number) - (b[i] as number);
  return a.length - b.length;
}

/** Min and max of a chunk's distinct values (text as UTF-8 bytes, their order); NaN counted, not bounds. */
export function distinctBounds(type: ParquetType, values: readonly Cell[], encoded: readonly Uint8Array[]) {
  const bounds: Bounds = { min: undefined, max: undefined, nulls: 0, nans: 0 };
  for (let i = 0; i < values.length; i++) {
    if (type === 'STRING') {
      const v = encoded[i] as Uint8Array;
      if (bounds.min === undefined || compareBytes(v, bounds.min as Uint8Array) < 0) bounds.min = v;
      if (bounds.max === undefined || compareBytes(v, bounds.max as Uint8Array) > 0) bounds.max = v;
      continue;
    }
    const v = values[i] as number; // or boolean: false < true
    if (Number.isNaN(v)) continue;
    if (bounds.min === undefined || v < (bounds.min as number)) bounds.min = v;
    if (bounds.max === undefined || v > (bounds.max as number)) bounds.max = v;
  }
  return bounds;
}

/** Min and max of doubles (NaN left out, as the format asks); `nullable`: NaN is null. */
export function doubleBounds(parts: readonly Float64Array[], nullable: boolean): Bounds {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  let nans = 0;
  let seen = false;
  for (const part of parts)
    for (let i = 0; i < part.length; i++) {
      const v = part[i] as number;
      if (Number.isNaN(v)) nans++;
      else {
        seen = true;
        if (v < min) min = v;
        if (v > max) max = v;
      }
    }
  return {
    min: seen ? min : undefined,
    max: seen ? max : undefined,
    nulls: nullable ? nans : 0,
    nans: nullable ? 0 : nans,
  };
}

/**
 * The chunk statistics for the footer. A chunk holding NaN gets no bounds, as DuckDB writes it: DuckDB
 * 1.5 takes min = max for every value being that one, NaN included (`WHERE step = 0` counted a NaN step).
 */
export function statistics(type: ParquetType, bounds: Bounds): ColumnMetaData['statistics'] {
  // the format's signed zeros: a min of zero is -0, a max of zero is +0
  const min = bounds.min === 0 ? -0 : bounds.min;
  const max = bounds.max === 0 ? 0 : bounds.max;
  return {
    null_count: BigInt(bounds.nulls),
    ...(min === undefined || bounds.nans > 0 ? {} : { min_value: min, max_value: max }),
    ...(type === 'DOUBLE' ? { nan_count: BigInt(bounds.nans) } : {}),
  } as ColumnMetaData['statistics'];
}
