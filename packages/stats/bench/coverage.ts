/**
 * `pnpm bench` (second part): the coverage of each aggregate's interval at the expanded level, 2,000
 * simulated studies of n runs (3, 5, 10, 20) on a normal and a lognormal distribution, 2,000 resamples
 * each. COVERED_FROM in src/aggregate-coverage.ts must agree with the ≥ 92 % cells printed here.
 */
const stats: typeof import('../src/index.js') = await import(
  new URL('../dist/index.js', import.meta.url).href
);

for (const d of stats.STUDY_DISTRIBUTIONS)
  for (const n of [3, 5, 10, 20]) {
    const started = performance.now();
    const c = stats.coverageStudy(d, n, { studies: 2000, resamples: 2000 });
    const cells = (Object.keys(c) as (keyof typeof c)[]).map((k) => {
      const shown = n >= stats.COVERED_FROM[k];
      return `${k} ${(c[k] * 100).toFixed(1)}%${shown ? (c[k] >= 0.92 ? ' shown' : ' SHOWN BELOW 92%') : ' (range shown)'}`;
    });
    console.log(
      `${d.name}, n = ${n}: ${cells.join(', ')} (${((performance.now() - started) / 1000).toFixed(1)} s)`,
    );
  }
