/**
 * `pnpm bench` (third part): how often the interval of P(A > B) shown beside a verdict disagrees with
 * it: a side found ahead (one-sided exact test at 5 %) whose interval still touches ½, at the report's
 * level (90 %, 5 % each way) and at 95 %. Every split of m + n distinct scores for small m, n, then
 * 4,000 random small studies (1–3 tasks, 2–9 runs a side, ties in 3 of 10). Where the test cannot tell
 * the report widens the interval to ½, so the other disagreement never shows.
 */
import { decide, improvementNewcombe, mulberry32, rankTestBothTails } from '../src/index.js';

function* splits(total: number, k: number, start = 0, chosen: number[] = []): Generator<number[]> {
  if (chosen.length === k) {
    yield chosen;
    return;
  }
  for (let i = start; i < total; i++) yield* splits(total, k, i + 1, [...chosen, i]);
}

function disagreement(studies: Iterable<[number[][], number[][]]>, confidence: number): string {
  let total = 0;
  let touching = 0;
  for (const [x, y] of studies) {
    const tails = rankTestBothTails(x, y, { seed: 1 });
    const { verdict } = decide({
      above: tails.greater.p,
      below: tails.less.p,
      smallestP: tails.greater.smallestP,
    });
    const { ci } = improvementNewcombe(x, y, confidence);
    total++;
    if (verdict !== 'cannot-tell' && ci[0] <= 0.5 && ci[1] >= 0.5) touching++;
  }
  return `${touching} of ${total} (${((100 * touching) / total).toFixed(2)} %)`;
}

function* exhaustive(): Generator<[number[][], number[][]]> {
  for (const [m, n] of [
    [3, 3],
    [4, 4],
    [5, 5],
    [3, 6],
    [6, 6],
    [4, 7],
    [5, 8],
  ] as const)
    for (const chosen of splits(m + n, m)) {
      const inX = new Set(chosen);
      yield [[chosen], [[...Array(m + n).keys()].filter((i) => !inX.has(i))]];
    }
}

function* simulated(): Generator<[number[][], number[][]]> {
  const random = mulberry32(7);
  for (let i = 0; i < 4000; i++) {
    const tasks = 1 + Math.floor(random() * 3);
    const m = 2 + Math.floor(random() * 8);
    const n = 2 + Math.floor(random() * 8);
    const shift = random() * 3;
    const levels = random() < 0.3 ? 4 : 1000;
    const draw = (s: number) => Math.floor(((random() + random() + s) * levels) / 3) / levels;
    yield [
      Array.from({ length: tasks }, () => Array.from({ length: m }, () => draw(shift))),
      Array.from({ length: tasks }, () => Array.from({ length: n }, () => draw(0))),
    ];
  }
}

for (const confidence of [0.9, 0.95])
  console.log(
    `ahead, interval touching ½, ${confidence * 100} %: every split ${disagreement(exhaustive(), confidence)}; simulated ${disagreement(simulated(), confidence)}`,
  );
