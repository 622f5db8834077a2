import { DEFAULT_CONFIDENCE } from './defaults.js';

/**
 * When none of n runs did something (all n at the maximum: none fell short), the largest chance of it
 * that n runs cannot rule out: the exact one-sided binomial (Clopper–Pearson) bound 1 − (1 − c)^{1/n},
 * about 3/n (the rule of three) at c = 95 %. 5 runs: 0.451, so a new run may still fall short with
 * a chance of up to 45 %.
 */
export function unseenBound(n: number, confidence = DEFAULT_CONFIDENCE): number {
  if (!(n >= 1)) return 1;
  return 1 - (1 - confidence) ** (1 / n);
}
