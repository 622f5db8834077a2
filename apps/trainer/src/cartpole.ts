import type { Random } from './random.js';

/**
 * CartPole with the classic-control dynamics of Gymnasium's CartPole-v1 (Barto, Sutton & Anderson
 * 1983): explicit Euler integration with tau = 0.02 s, failure when the pole leans more than 12° or the
 * cart leaves ±2.4, reward +1 for every step taken (including the failing one), and a time limit of
 * 500 steps (v1). The state is kept in float64 (Gymnasium returns float32 observations).
 */
export const CARTPOLE = {
  gravity: 9.8,
  massCart: 1.0,
  massPole: 0.1,
  /** half the pole's length, as in Gymnasium */
  length: 0.5,
  forceMag: 10.0,
  tau: 0.02,
  thetaThreshold: (12 * 2 * Math.PI) / 360,
  xThreshold: 2.4,
  maxSteps: 500,
} as const;

export type CartPoleAction = 0 | 1;
export const ACTION_NAMES = ['left', 'right'] as const;

export interface StepResult {
  reward: number;
  /** the pole fell or the cart left the track */
  terminated: boolean;
  /** the time limit was reached without failing */
  truncated: boolean;
}

export class CartPole {
  /** x, x_dot, theta, theta_dot */
  readonly state = new Float64Array(4);
  steps = 0;
  done = true;
  readonly maxSteps: number;

  constructor(options: { maxSteps?: number } = {}) {
    this.maxSteps = options.maxSteps ?? CARTPOLE.maxSteps;
  }

  /** Every state variable uniform in [-0.05, 0.05], as in Gymnasium. */
  reset(random: Random): Float64Array {
    for (let i = 0; i < 4; i++) this.state[i] = random.uniform(-0.05, 0.05);
    this.steps = 0;
    this.done = false;
    return this.state;
  }

  /** Sets an exact state (for tests and replays). */
  setState(x: number, xDot: number, theta: number, thetaDot: number): void {
    this.state.set([x, xDot, theta, thetaDot]);
    this.steps = 0;
    this.done = false;
  }

  step(action: CartPoleAction): StepResult {
    if (this.done) throw new Error('CartPole.step: the episode is over; call reset() first');
    const { gravity, massCart, massPole, length, forceMag, tau, thetaThreshold, xThreshold } = CARTPOLE;
    const totalMass = massPole + massCart;
    const poleMassLength = massPole * length;
    const s = this.state;
    const x = s[0]!;
    const xDot = s[1]!;
    const theta = s[2]!;
    const thetaDot = s[3]!;
    const force = action === 1 ? forceMag : -forceMag;
    const cos = Math.cos(theta);
    const sin = Math.sin(theta);
    const temp = (force + poleMassLength * thetaDot * thetaDot * sin) / totalMass;
    const thetaAcc = (gravity * sin - cos * temp) / (length * (4 / 3 - (massPole * cos * cos) / totalMass));
    const xAcc = temp - (poleMassLength * thetaAcc * cos) / totalMass;
    // Euler, in Gymnasium's order: positions use the old velocities
    s[0] = x + tau * xDot;
    s[1] = xDot + tau * xAcc;
    s[2] = theta + tau * thetaDot;
    s[3] = thetaDot + tau * thetaAcc;
    this.steps++;
    const terminated =
      s[0]! < -xThreshold || s[0]! > xThreshold || s[2]! < -thetaThreshold || s[2]! > thetaThreshold;
    const truncated = !terminated && this.steps >= this.maxSteps;
    this.done = terminated || truncated;
    return { reward: 1, terminated, truncated };
  }
}
