import { Adam } from './adam.js';
import { type Agent, entropy2 } from './agent.js';
import type { EpisodeTrace } from './episode.js';
import type { Random } from './random.js';

export interface PpoConfig {
  /** discount */
  gamma: number;
  /** GAE λ */
  lambda: number;
  /** PPO clip range ε */
  clip: number;
  /** passes over each batch */
  epochs: number;
  /** steps per minibatch */
  minibatch: number;
  entropyCoef: number;
  /** weight of the value loss in the reported total loss */
  valueCoef: number;
  /** global gradient-norm clip of the policy */
  maxGradNorm: number;
  /** the same for the value network, whose targets (discounted returns up to ~100) give larger gradients */
  valueMaxGradNorm: number;
  policyLr: number;
  valueLr: number;
}

export const DEFAULT_PPO: PpoConfig = {
  gamma: 0.99,
  lambda: 0.95,
  clip: 0.2,
  epochs: 4,
  minibatch: 256,
  entropyCoef: 0.0,
  valueCoef: 0.5,
  maxGradNorm: 1.0,
  valueMaxGradNorm: 100,
  policyLr: 3e-3,
  valueLr: 1e-2,
};

export interface UpdateStats {
  /** mean PPO loss: clipped surrogate − entropyCoef · entropy + valueCoef · ½ squared value error */
  loss: number;
  /** mean clipped surrogate − entropyCoef · entropy */
  policyLoss: number;
  /** mean ½ squared value error */
  valueLoss: number;
  /** mean policy entropy (nats) on the batch before the update */
  entropy: number;
  /** mean KL(old ‖ new) on the batch, after the update */
  kl: number;
  /** mean L2 norm of the policy gradient over the minibatches, before clipping */
  gradNorm: number;
  /** fraction of samples whose ratio was clipped, averaged over minibatches */
  clipFraction: number;
  samples: number;
}

/**
 * Proximal Policy Optimisation (Schulman et al. 2017) with a clipped surrogate, GAE advantages and a
 * separate value network, each trained by Adam. Episodes that hit the time limit are bootstrapped
 * from the value of their final state, since the time limit is not a failure.
 */
export class PpoLearner {
  private readonly policyOpt: Adam;
  private readonly valueOpt: Adam;

  constructor(
    private readonly agent: Agent,
    readonly config: PpoConfig,
  ) {
    this.policyOpt = new Adam(agent.policy.params);
    this.valueOpt = new Adam(agent.value.params);
  }

  update(batch: readonly EpisodeTrace[], random: Random, lrScale = 1): UpdateStats {
    const { agent, config } = this;
    const n = batch.reduce((sum, e) => sum + e.steps, 0);
    const obs = new Float64Array(n * 4);
    const actions = new Uint8Array(n);
    const oldP = new Float64Array(n);
    const adv = new Float64Array(n);
    const ret = new Float64Array(n);
    let offset = 0;
    let entropySum = 0;
    for (const episode of batch) {
      const T = episode.steps;
      obs.set(episode.obs, offset * 4);
      actions.set(episode.actions, offset);
      oldP.set(episode.pRight, offset);
      const values = new Float64Array(T + 1);
      for (let t = 0; t < T; t++) values[t] = agent.valueOf(episode.obs.subarray(t * 4, t * 4 + 4));
      values[T] = episode.truncated ? agent.valueOf(episode.states.subarray(T * 4, T * 4 + 4)) : 0;
      generalisedAdvantages(
        episode.rewards,
        values,
        config,
        adv.subarray(offset, offset + T),
        ret.subarray(offset, offset + T),
      );
      for (let t = 0; t < T; t++) entropySum += entropy2(1 - episode.pRight[t]!, episode.pRight[t]!);
      offset += T;
    }
    normalise(adv);

    const order = new Uint32Array(n);
    for (let i = 0; i < n; i++) order[i] = i;
    const dLogits = new Float64Array(2);
    let lossSum = 0;
    let policyLossSum = 0;
    let valueLossSum = 0;
    let gradNormSum = 0;
    let clipSum = 0;
    let minibatches = 0;
    let seen = 0;
    for (let epoch = 0; epoch < config.epochs; epoch++) {
      random.shuffle(order);
      for (let start = 0; start < n; start += config.minibatch) {
        const end = Math.min(n, start + config.minibatch);
        const size = end - start;
        agent.policy.zeroGrad();
        agent.value.zeroGrad();
        let clipped = 0;
        for (let k = start; k < end; k++) {
          const i = order[k]!;
          const o = obs.subarray(i * 4, i * 4 + 4);
          const a = actions[i]!;
          const p = agent.probs(o);
          const sample = clippedSurrogate(p, a, a === 1 ? oldP[i]! : 1 - oldP[i]!, adv[i]!, config, dLogits);
          for (let j = 0; j < 2; j++) dLogits[j]! /= size;
          if (sample.clipped) clipped++;
          agent.backwardPolicy(dLogits);
          const v = agent.valueOf(o);
          const err = v - ret[i]!;
          agent.backwardValue(err / size);
          policyLossSum += sample.policyLoss;
          valueLossSum += 0.5 * err * err;
          lossSum += sample.policyLoss + config.valueCoef * 0.5 * err * err;
          seen++;
        }
        gradNormSum += this.policyOpt.step(agent.policy.grads, config.policyLr * lrScale, config.maxGradNorm);
        this.valueOpt.step(agent.value.grads, config.valueLr * lrScale, config.valueMaxGradNorm);
        clipSum += clipped / size;
        minibatches++;
      }
    }

    let klSum = 0;
    for (let i = 0; i < n; i++) {
      const p = agent.probs(obs.subarray(i * 4, i * 4 + 4));
      klSum += kl2(1 - oldP[i]!, oldP[i]!, p[0]!, p[1]!);
    }
    return {
      loss: lossSum / seen,
      policyLoss: policyLossSum / seen,
      valueLoss: valueLossSum / seen,
      entropy: entropySum / n,
      kl: klSum / n,
      gradNorm: gradNormSum / minibatches,
      clipFraction: clipSum / minibatches,
      samples: n,
    };
  }
}

/**
 * GAE(γ, λ) for one episode (Schulman et al. 2016): `values` holds V(s_0..s_T), with V(s_T) = 0 when
 * the episode failed and the value of the last state when it hit the time limit. Writes the
 * advantages and the value targets (advantage + V(s_t)).
 */
export function generalisedAdvantages(
  rewards: ArrayLike<number>,
  values: ArrayLike<number>,
  config: Pick<PpoConfig, 'gamma' | 'lambda'>,
  advantages: Float64Array,
  returns: Float64Array,
): void {
  let gae = 0;
  for (let t = rewards.length - 1; t >= 0; t--) {
    const delta = rewards[t]! + config.gamma * values[t + 1]! - values[t]!;
    gae = delta + config.gamma * config.lambda * gae;
    advantages[t] = gae;
    returns[t] = gae + values[t]!;
  }
}

/**
 * One sample's policy loss, −min(r·A, clip(r, 1±ε)·A) − c·H(π), with r = π(a|s) / π_old(a|s), and its
 * gradient with respect to the two logits (written to `dLogits`). `p` is π(·|s) from the softmax.
 */
export function clippedSurrogate(
  p: ArrayLike<number>,
  action: number,
  pOld: number,
  advantage: number,
  config: Pick<PpoConfig, 'clip' | 'entropyCoef'>,
  dLogits: Float64Array,
): { policyLoss: number; entropy: number; clipped: boolean } {
  const ratio = p[action]! / pOld;
  const surr1 = ratio * advantage;
  const surr2 = Math.min(Math.max(ratio, 1 - config.clip), 1 + config.clip) * advantage;
  const h = entropy2(p[0]!, p[1]!);
  // d(−min(surr1, surr2))/d log π(a|s) is −r·A where the unclipped term is the smaller, else 0;
  // d log π(a|s)/d logit_j = 1[j = a] − p_j and dH/d logit_j = −p_j (log p_j + H)
  const gLogp = surr1 <= surr2 ? -ratio * advantage : 0;
  for (let j = 0; j < 2; j++) {
    const pj = p[j]!;
    const logpj = Math.log(Math.max(pj, 1e-300));
    dLogits[j] = gLogp * ((j === action ? 1 : 0) - pj) + config.entropyCoef * pj * (logpj + h);
  }
  return { policyLoss: -Math.min(surr1, surr2) - config.entropyCoef * h, entropy: h, clipped: surr1 > surr2 };
}

function normalise(values: Float64Array): void {
  const n = values.length;
  if (n === 0) return;
  let mean = 0;
  for (let i = 0; i < n; i++) mean += values[i]!;
  mean /= n;
  let variance = 0;
  for (let i = 0; i < n; i++) variance += (values[i]! - mean) ** 2;
  const std = Math.sqrt(variance / n) + 1e-8;
  for (let i = 0; i < n; i++) values[i] = (values[i]! - mean) / std;
}

/** KL(p ‖ q) for two-way distributions. */
function kl2(p0: number, p1: number, q0: number, q1: number): number {
  let kl = 0;
  if (p0 > 0) kl += p0 * Math.log(p0 / Math.max(q0, 1e-300));
  if (p1 > 0) kl += p1 * Math.log(p1 / Math.max(q1, 1e-300));
  return kl;
}
