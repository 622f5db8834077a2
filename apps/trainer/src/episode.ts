import { type Agent, entropy2 } from './agent.js';
import { CartPole } from './cartpole.js';
import { Random } from './random.js';

/** One played episode with what training and the evidence need. */
export interface EpisodeTrace {
  /** observations before each action, 4 per step */
  obs: Float64Array;
  actions: Uint8Array;
  /** probability of action 1 (right) before each action */
  pRight: Float64Array;
  rewards: Float64Array;
  /** every state including the start and the final one, 4 per entry (steps + 1 entries) */
  states: Float64Array;
  steps: number;
  return: number;
  terminated: boolean;
  truncated: boolean;
  /** why it ended: 'pole' (angle), 'cart' (left the track), 'time' (time limit) */
  ending: 'pole' | 'cart' | 'time';
  meanEntropy: number;
}

/**
 * Plays one episode: the start state comes from `resetSeed`, actions are sampled with `actionSeed`
 * (or greedy). Both seeds are explicit so evaluation episodes are paired before and after training.
 */
export function playEpisode(
  agent: Agent,
  options: { resetSeed: number; actionSeed: number; greedy?: boolean; maxSteps?: number },
): EpisodeTrace {
  const env = new CartPole({ maxSteps: options.maxSteps });
  const cap = env.maxSteps;
  const obs = new Float64Array(cap * 4);
  const actions = new Uint8Array(cap);
  const pRight = new Float64Array(cap);
  const rewards = new Float64Array(cap);
  const states = new Float64Array((cap + 1) * 4);
  const actionRandom = new Random(options.actionSeed);
  env.reset(new Random(options.resetSeed));
  states.set(env.state, 0);
  let total = 0;
  let entropySum = 0;
  let t = 0;
  let last = { reward: 0, terminated: false, truncated: false };
  while (!env.done) {
    obs.set(env.state, t * 4);
    const action = agent.act(env.state, actionRandom, options.greedy);
    pRight[t] = agent.p[1]!;
    entropySum += entropy2(agent.p[0]!, agent.p[1]!);
    last = env.step(action);
    actions[t] = action;
    rewards[t] = last.reward;
    total += last.reward;
    t++;
    states.set(env.state, t * 4);
  }
  const x = env.state[0]!;
  const ending = last.truncated ? 'time' : Math.abs(x) > 2.4 ? 'cart' : 'pole';
  return {
    obs: obs.subarray(0, t * 4),
    actions: actions.subarray(0, t),
    pRight: pRight.subarray(0, t),
    rewards: rewards.subarray(0, t),
    states: states.subarray(0, (t + 1) * 4),
    steps: t,
    return: total,
    terminated: last.terminated,
    truncated: last.truncated,
    ending,
    meanEntropy: t > 0 ? entropySum / t : 0,
  };
}
