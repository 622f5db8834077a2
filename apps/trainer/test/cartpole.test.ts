import { describe, expect, it } from 'vitest';
import { CARTPOLE, CartPole } from '../src/cartpole.js';
import { Random } from '../src/random.js';

describe('CartPole dynamics (Gymnasium CartPole-v1)', () => {
  it('pushing right from rest gives the hand-computed accelerations', () => {
    // From the upright rest state with F = +10 N:
    //   temp = 10 / 1.1 = 100/11; θ̈ = −temp / (0.5 (4/3 − 0.1/1.1)) = −600/41; ẍ = temp + 0.05·(600/41)/1.1 = 400/41.
    // Euler with τ = 0.02: positions keep their old (zero) velocities; ẋ = 8/41, θ̇ = −12/41.
    const env = new CartPole();
    env.setState(0, 0, 0, 0);
    const result = env.step(1);
    expect(result).toEqual({ reward: 1, terminated: false, truncated: false });
    expect(env.state[0]).toBe(0);
    expect(env.state[1]).toBeCloseTo(8 / 41, 14);
    expect(env.state[2]).toBe(0);
    expect(env.state[3]).toBeCloseTo(-12 / 41, 14);
  });

  it('is mirror-symmetric: pushing left from the mirrored state gives the mirrored state', () => {
    const a = new CartPole();
    const b = new CartPole();
    a.setState(0.3, -0.2, 0.05, 0.4);
    b.setState(-0.3, 0.2, -0.05, -0.4);
    for (let t = 0; t < 5; t++) {
      a.step(1);
      b.step(0);
      for (let i = 0; i < 4; i++) expect(b.state[i]).toBeCloseTo(-a.state[i]!, 12);
    }
  });

  it('a second step uses the first step velocities (explicit Euler) and gravity pulls a leaning pole', () => {
    const env = new CartPole();
    const theta = 0.1;
    env.setState(0, 0, theta, 0);
    env.step(0);
    // x stays 0 and θ stays 0.1 after one step (old velocities are zero); θ̇ = τ·θ̈ with
    // θ̈ = (g sinθ − cosθ·temp) / (l (4/3 − m cos²θ / M)), temp = −10 / 1.1
    const temp = -10 / 1.1;
    const thetaAcc =
      (9.8 * Math.sin(theta) - Math.cos(theta) * temp) / (0.5 * (4 / 3 - (0.1 * Math.cos(theta) ** 2) / 1.1));
    expect(env.state[2]).toBe(theta);
    expect(env.state[3]).toBeCloseTo(0.02 * thetaAcc, 14);
    const thetaDot = env.state[3]!;
    env.step(0);
    expect(env.state[2]).toBeCloseTo(theta + 0.02 * thetaDot, 14);
  });

  it('terminates past 12 degrees or 2.4 m, with reward 1 on the failing step', () => {
    const tilt = new CartPole();
    tilt.setState(0, 0, CARTPOLE.thetaThreshold - 1e-4, 1);
    expect(tilt.step(1)).toEqual({ reward: 1, terminated: true, truncated: false });
    expect(() => tilt.step(1)).toThrow(/episode is over/);
    const edge = new CartPole();
    edge.setState(2.39, 1, 0, 0);
    expect(edge.step(1).terminated).toBe(true);
    const inside = new CartPole();
    inside.setState(2.3, 1, 0, 0);
    expect(inside.step(1).terminated).toBe(false);
  });

  it('truncates at the time limit (500 for v1) without terminating', () => {
    const env = new CartPole({ maxSteps: 3 });
    env.setState(0, 0, 0, 0);
    expect(env.step(1).truncated).toBe(false);
    expect(env.step(0).truncated).toBe(false);
    expect(env.step(1)).toEqual({ reward: 1, terminated: false, truncated: true });
    expect(new CartPole().maxSteps).toBe(500);
  });

  it('resets every state variable uniformly within ±0.05', () => {
    const env = new CartPole();
    const random = new Random(3);
    for (let k = 0; k < 200; k++) {
      for (const v of env.reset(random)) expect(Math.abs(v)).toBeLessThanOrEqual(0.05);
    }
  });

  it('a random policy survives about 22 steps on average', () => {
    const env = new CartPole();
    const random = new Random(11);
    let total = 0;
    const episodes = 2000;
    for (let e = 0; e < episodes; e++) {
      env.reset(random);
      while (!env.done) total += env.step(random.next() < 0.5 ? 0 : 1).reward;
    }
    // Known figure for CartPole with uniform random actions: ≈ 22 steps.
    expect(total / episodes).toBeGreaterThan(19);
    expect(total / episodes).toBeLessThan(25);
  });
});
