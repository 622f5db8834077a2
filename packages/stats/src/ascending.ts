/**
 * `values` in ascending order: the array itself when it is a Float64Array already in order (the
 * bootstrap hands out resamples that way, so statistics of them skip the sort), else a sorted copy.
 */
export function ascending(values: ArrayLike<number>): Float64Array {
  if (values instanceof Float64Array) {
    let sorted = true;
    for (let i = 1; i < values.length && sorted; i++)
      sorted = (values[i - 1] as number) <= (values[i] as number);
    if (sorted) return values;
  }
  return Float64Array.from(values).sort();
}
