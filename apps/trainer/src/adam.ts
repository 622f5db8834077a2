/** Adam (Kingma & Ba 2015) over a flat parameter vector, with optional global-norm gradient clipping. */
export class Adam {
  private readonly m: Float64Array;
  private readonly v: Float64Array;
  private t = 0;

  constructor(
    private readonly params: Float64Array,
    private readonly options: { beta1?: number; beta2?: number; eps?: number } = {},
  ) {
    this.m = new Float64Array(params.length);
    this.v = new Float64Array(params.length);
  }

  /** Applies one step with learning rate `lr` and returns the gradient norm before clipping. */
  step(grads: Float64Array, lr: number, maxNorm = Number.POSITIVE_INFINITY): number {
    const beta1 = this.options.beta1 ?? 0.9;
    const beta2 = this.options.beta2 ?? 0.999;
    const eps = this.options.eps ?? 1e-8;
    let sq = 0;
    for (let i = 0; i < grads.length; i++) sq += grads[i]! * grads[i]!;
    const norm = Math.sqrt(sq);
    const scale = norm > maxNorm ? maxNorm / norm : 1;
    this.t++;
    const c1 = 1 - beta1 ** this.t;
    const c2 = 1 - beta2 ** this.t;
    const p = this.params;
    for (let i = 0; i < p.length; i++) {
      const g = grads[i]! * scale;
      const m = beta1 * this.m[i]! + (1 - beta1) * g;
      const v = beta2 * this.v[i]! + (1 - beta2) * g * g;
      this.m[i] = m;
      this.v[i] = v;
      p[i]! -= (lr * (m / c1)) / (Math.sqrt(v / c2) + eps);
    }
    return norm;
  }
}
