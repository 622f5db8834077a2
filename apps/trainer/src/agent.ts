import { Mlp } from './mlp.js';
import type { Random } from './random.js';

/**
 * Fixed input scaling: CartPole's state variables live on very different scales (θ within ±0.21 rad,
 * x within ±2.4 m), and bringing them near ±1 lets a tiny network learn in a few hundred episodes.
 */
const OBS_SCALE = [1 / 2.4, 1 / 2, 1 / 0.21, 1 / 2] as const;

export interface AgentShape {
  /** hidden units of the policy network (one tanh layer) */
  policyHidden: number;
  /** hidden units of the value network (one tanh layer) */
  valueHidden: number;
}

/** The default networks: a 4-32-2 policy and a 4-64-1 value baseline. */
export const AGENT_SHAPE: AgentShape = { policyHidden: 32, valueHidden: 64 };

/** A softmax policy over {left, right} and a state-value baseline, each a one-hidden-layer MLP. */
export class Agent {
  readonly policy: Mlp;
  readonly value: Mlp;
  private readonly scaled = new Float64Array(4);
  /** probabilities of the last `probs()` call */
  readonly p = new Float64Array(2);

  constructor(shape: AgentShape, random: Random) {
    this.policy = new Mlp([4, shape.policyHidden, 2]).init(random, 0.01);
    this.value = new Mlp([4, shape.valueHidden, 1]).init(random, 1);
  }

  private scale(obs: ArrayLike<number>): Float64Array {
    for (let i = 0; i < 4; i++) this.scaled[i] = obs[i]! * OBS_SCALE[i]!;
    return this.scaled;
  }

  /** Action probabilities for `obs` (written to and returning `this.p`). */
  probs(obs: ArrayLike<number>): Float64Array {
    const logits = this.policy.forward(this.scale(obs));
    const l0 = logits[0]!;
    const l1 = logits[1]!;
    const m = Math.max(l0, l1);
    const e0 = Math.exp(l0 - m);
    const e1 = Math.exp(l1 - m);
    const z = e0 + e1;
    this.p[0] = e0 / z;
    this.p[1] = e1 / z;
    return this.p;
  }

  /** Backpropagates d(loss)/d(logits) through the policy for the last `probs()` call. */
  backwardPolicy(dLogits: ArrayLike<number>): void {
    this.policy.backward(dLogits);
  }

  valueOf(obs: ArrayLike<number>): number {
    return this.value.forward(this.scale(obs))[0]!;
  }

  backwardValue(dValue: number): void {
    this.value.backward([dValue]);
  }

  /** Samples an action (or takes the most likely one when `greedy`) from the current policy. */
  act(obs: ArrayLike<number>, random: Random, greedy = false): 0 | 1 {
    const p = this.probs(obs);
    if (greedy) return p[1]! > p[0]! ? 1 : 0;
    return random.next() < p[1]! ? 1 : 0;
  }
}

/** Entropy (nats) of a two-way distribution. */
export function entropy2(p0: number, p1: number): number {
  let h = 0;
  if (p0 > 0) h -= p0 * Math.log(p0);
  if (p1 > 0) h -= p1 * Math.log(p1);
  return h;
}
