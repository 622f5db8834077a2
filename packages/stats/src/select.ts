/**
 * Rearranges a[from..to) so that a[k] holds the value of rank k, smaller or equal values before it
 * and greater or equal after (Hoare's quickselect, median of three). O(n) on average; hand-written
 * because the trimmed mean of a bootstrap resample must not pay for a full sort.
 */
export function selectInPlace(a: Float64Array, k: number, from = 0, to = a.length): void {
  let lo = from;
  let hi = to - 1;
  while (hi > lo) {
    const mid = (lo + hi) >>> 1;
    // median of three as the pivot
    let x = a[lo] as number;
    let y = a[mid] as number;
    let z = a[hi] as number;
    if (x > y) [x, y] = [y, x];
    if (y > z) [y, z] = [z, y];
    if (x > y) [x, y] = [y, x];
    const pivot = y;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while ((a[i] as number) < pivot) i++;
      while ((a[j] as number) > pivot) j--;
      if (i <= j) {
        const t = a[i] as number;
        a[i] = a[j] as number;
        a[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return;
  }
}
