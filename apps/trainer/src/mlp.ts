import type { Random } from './random.js';

/**
 * A fully connected network with tanh hidden layers and a linear output, parameters in one Float64Array
 * (so Adam and gradient clipping work on the whole thing). Per layer: W (out × in, row-major), then b.
 * Hand-written: a 4-32-2 network needs no framework, and plain loops keep every run bit-reproducible.
 */
export class Mlp {
  readonly sizes: readonly number[];
  readonly params: Float64Array;
  readonly grads: Float64Array;
  private readonly offsets: number[] = [];
  /** activations of each layer for the last forward pass (index 0 = input) */
  private readonly acts: Float64Array[];
  private readonly deltas: Float64Array[];

  constructor(sizes: readonly number[]) {
    if (sizes.length < 2) throw new Error('Mlp: need at least an input and an output size');
    this.sizes = sizes;
    let count = 0;
    for (let l = 0; l + 1 < sizes.length; l++) {
      this.offsets.push(count);
      count += sizes[l + 1]! * sizes[l]! + sizes[l + 1]!;
    }
    this.params = new Float64Array(count);
    this.grads = new Float64Array(count);
    this.acts = sizes.map((n) => new Float64Array(n));
    this.deltas = sizes.map((n) => new Float64Array(n));
  }

  /** Scaled orthogonal-like init: normal(0, gain/sqrt(fanIn)), biases 0; the last layer uses outputGain. */
  init(random: Random, outputGain = 1): this {
    const layers = this.sizes.length - 1;
    for (let l = 0; l < layers; l++) {
      const fanIn = this.sizes[l]!;
      const fanOut = this.sizes[l + 1]!;
      const gain = l === layers - 1 ? outputGain : Math.SQRT2;
      const offset = this.offsets[l]!;
      for (let i = 0; i < fanOut * fanIn; i++)
        this.params[offset + i] = (random.normal() * gain) / Math.sqrt(fanIn);
      for (let i = 0; i < fanOut; i++) this.params[offset + fanOut * fanIn + i] = 0;
    }
    return this;
  }

  /** Returns the output activations (a view reused by the next call). */
  forward(input: ArrayLike<number>): Float64Array {
    const a0 = this.acts[0]!;
    for (let i = 0; i < a0.length; i++) a0[i] = input[i]!;
    const layers = this.sizes.length - 1;
    const p = this.params;
    for (let l = 0; l < layers; l++) {
      const inp = this.acts[l]!;
      const out = this.acts[l + 1]!;
      const nIn = inp.length;
      const nOut = out.length;
      const w = this.offsets[l]!;
      const b = w + nOut * nIn;
      const hidden = l < layers - 1;
      for (let o = 0; o < nOut; o++) {
        let sum = p[b + o]!;
        const row = w + o * nIn;
        for (let i = 0; i < nIn; i++) sum += p[row + i]! * inp[i]!;
        out[o] = hidden ? Math.tanh(sum) : sum;
      }
    }
    return this.acts[layers]!;
  }

  /** Adds d(loss)/d(params) for the last forward pass to `grads`, given d(loss)/d(output). */
  backward(dOutput: ArrayLike<number>): void {
    const layers = this.sizes.length - 1;
    const p = this.params;
    const g = this.grads;
    const top = this.deltas[layers]!;
    for (let i = 0; i < top.length; i++) top[i] = dOutput[i]!;
    for (let l = layers - 1; l >= 0; l--) {
      const inp = this.acts[l]!;
      const delta = this.deltas[l + 1]!;
      const below = this.deltas[l]!;
      const nIn = inp.length;
      const nOut = delta.length;
      const w = this.offsets[l]!;
      const b = w + nOut * nIn;
      below.fill(0);
      for (let o = 0; o < nOut; o++) {
        const d = delta[o]!;
        g[b + o]! += d;
        const row = w + o * nIn;
        for (let i = 0; i < nIn; i++) {
          g[row + i]! += d * inp[i]!;
          below[i]! += d * p[row + i]!;
        }
      }
      if (l > 0) {
        // through tanh: d/dz tanh(z) = 1 - tanh(z)^2
        for (let i = 0; i < nIn; i++) below[i]! *= 1 - inp[i]! * inp[i]!;
      }
    }
  }

  zeroGrad(): void {
    this.grads.fill(0);
  }
}
