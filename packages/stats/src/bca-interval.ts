import { DEFAULT_CONFIDENCE } from './defaults.js';
import { normalCdf, normalQuantile } from './normal.js';
import { quantileSorted } from './quantile.js';

/**
 * The bias-corrected and accelerated interval (Efron 1987) from a bootstrap distribution, the
 * estimate and the jackknife estimates of each stratum (leave one out), with scipy.stats.bootstrap's
 * arithmetic: z₀ = Φ⁻¹(share of draws below the estimate); per stratum j with n_j leave-one-out
 * values θ_ji, U_ji = (n_j − 1)(θ̄_j − θ_ji) and a = Σ_j ΣU³/n_j³ / (6 (Σ_j ΣU²/n_j²)^{3/2}); the
 * ends are the draws' quantiles at Φ(z₀ + (z₀ + z)/(1 − a(z₀ + z))) for z = Φ⁻¹(α/2), Φ⁻¹(1 − α/2).
 * Better than the percentile interval when the statistic's distribution is skewed or biased.
 */
export function bcaInterval(
  draws: ArrayLike<number>,
  estimate: number,
  jackknife: readonly ArrayLike<number>[],
  confidence = DEFAULT_CONFIDENCE,
): [number, number] {
  const sorted = Float64Array.from(draws)
    .filter((v) => !Number.isNaN(v))
    .sort();
  let below = 0;
  for (const v of sorted) if (v < estimate) below++;
  const z0 = normalQuantile(below / sorted.length);
  let cubes = 0;
  let squares = 0;
  for (const values of jackknife) {
    const n = values.length;
    let sum = 0;
    for (let i = 0; i < n; i++) sum += values[i] as number;
    const centre = sum / n;
    let c3 = 0;
    let c2 = 0;
    for (let i = 0; i < n; i++) {
      const u = (n - 1) * (centre - (values[i] as number));
      c3 += u * u * u;
      c2 += u * u;
    }
    cubes += c3 / n ** 3;
    squares += c2 / n ** 2;
  }
  const a = squares === 0 ? 0 : cubes / (6 * squares ** 1.5);
  const alpha = (1 - confidence) / 2;
  const end = (z: number) => {
    const q = normalCdf(z0 + (z0 + z) / (1 - a * (z0 + z)));
    return quantileSorted(sorted, Number.isNaN(q) ? Number.NaN : q);
  };
  return [end(normalQuantile(alpha)), end(normalQuantile(1 - alpha))];
}
