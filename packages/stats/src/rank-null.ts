/**
 * The exact permutation distribution of the Mann–Whitney U (ties as mid-ranks) of one task: every way
 * of choosing which n of the N pooled runs belong to the first group is equally likely under the null.
 * Hand-written (no dependency in this package): a dynamic programme over the blocks of tied values,
 * counting the choices of k items with each doubled rank sum, so ties are handled exactly.
 */

/** Work (blocks × chosen × rank sums) above which the exact distribution is not computed. */
export const EXACT_WORK = 1e8;

/** Sizes of the blocks of equal values, in ascending order of value, of the pooled sorted runs. */
export function tieBlocks(pooledSorted: ArrayLike<number>): number[] {
  const blocks: number[] = [];
  let size = 0;
  for (let i = 0; i < pooledSorted.length; i++) {
    size++;
    if (i === pooledSorted.length - 1 || pooledSorted[i + 1] !== pooledSorted[i]) {
      blocks.push(size);
      size = 0;
    }
  }
  return blocks;
}

/** The work the dynamic programme would take for n chosen of the pooled N. */
export function exactWork(n: number, total: number): number {
  return total * (n + 1) * (n * (2 * total - n + 1) + 1);
}

/**
 * P(2U = k) for k = 0 … 2nm, U the Mann–Whitney statistic of n runs chosen at random among the pooled
 * runs whose tie blocks are `blocks` (2U is an integer with mid-ranks). Null when too much work.
 */
export function nullOfTwiceU(blocks: readonly number[], n: number): Float64Array | null {
  const total = blocks.reduce((a, b) => a + b, 0);
  const m = total - n;
  if (n < 0 || m < 0) throw new RangeError(`nullOfTwiceU: ${n} chosen of ${total}`);
  if (exactWork(n, total) > EXACT_WORK) return null;
  const maxSum = n * (2 * total - n + 1); // doubled rank sum of the n largest
  const width = maxSum + 1;
  let ways = new Float64Array((n + 1) * width); // ways[k·width + s]: k chosen, doubled rank sum s
  ways[0] = 1;
  let before = 0;
  for (const size of blocks) {
    const doubled = 2 * before + size + 1; // twice the block's mid-rank
    const next = new Float64Array((n + 1) * width);
    const choose = binomialRow(size);
    for (let k = 0; k <= n; k++) {
      const row = k * width;
      for (let s = 0; s < width; s++) {
        const w = ways[row + s] as number;
        if (w === 0) continue;
        for (let j = 0; j <= size && k + j <= n; j++) {
          const at = (k + j) * width + s + j * doubled;
          next[at] = (next[at] as number) + w * (choose[j] as number);
        }
      }
    }
    ways = next;
    before += size;
  }
  const offset = n * (n + 1); // 2U = 2R − n(n + 1)
  const out = new Float64Array(2 * n * m + 1);
  let all = 0;
  for (let s = offset; s < width; s++) all += ways[n * width + s] as number;
  for (let k = 0; k < out.length; k++) out[k] = (ways[n * width + offset + k] as number) / all;
  return out;
}

/** C(size, j) for j = 0 … size. */
function binomialRow(size: number): Float64Array {
  const row = new Float64Array(size + 1);
  row[0] = 1;
  for (let j = 1; j <= size; j++) row[j] = ((row[j - 1] as number) * (size - j + 1)) / j;
  return row;
}

/** ln C(n, k), exact enough for the smallest p-value of a design. */
export function logChoose(n: number, k: number): number {
  let sum = 0;
  for (let i = 1; i <= k; i++) sum += Math.log(n - k + i) - Math.log(i);
  return sum;
}
