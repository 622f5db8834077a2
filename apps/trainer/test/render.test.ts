import { describe, expect, it } from 'vitest';
import { CARTPOLE } from '../src/cartpole.js';
import { CartPoleRenderer } from '../src/render/cartpole-frame.js';

const CART = [0x2c, 0x3e, 0x50];
const POLE = [0xd4, 0xa0, 0x17];

function pixel(r: CartPoleRenderer, x: number, y: number): number[] {
  const data = r.canvas.getContext('2d').getImageData(Math.round(x), Math.round(y), 1, 1).data;
  return [data[0]!, data[1]!, data[2]!];
}

function darkPixels(r: CartPoleRenderer, x: number, y: number, w: number, h: number): number {
  const data = r.canvas.getContext('2d').getImageData(x, y, w, h).data;
  let dark = 0;
  for (let i = 0; i < data.length; i += 4) if (data[i]! < 128) dark++;
  return dark;
}

describe('CartPoleRenderer', () => {
  const r = new CartPoleRenderer(400, 240);
  const scale = 400 / (CARTPOLE.xThreshold * 2 * 1.1);
  const trackY = Math.round(240 * 0.72);
  const cartCentreY = trackY - 6;
  const pivotY = trackY - 14 - 6;

  it('puts the cart where x says, on the track', () => {
    for (const x of [0, 1, -1.5]) {
      r.draw([x, 0, 0, 0], { episode: 0, step: 0, maxSteps: 500, reward: 0 });
      expect(pixel(r, 200 + x * scale, cartCentreY + 8)).toEqual(CART);
      expect(pixel(r, 200 + x * scale + 60, cartCentreY + 8)).not.toEqual(CART);
    }
  });

  it('draws the pole at the angle θ from the pivot', () => {
    const theta = 0.2;
    r.draw([0, 0, theta, 0], { episode: 0, step: 0, maxSteps: 500, reward: 0 });
    const length = scale * 2 * CARTPOLE.length;
    const along = 0.7 * length;
    expect(pixel(r, 200 + along * Math.sin(theta), pivotY - along * Math.cos(theta))).toEqual(POLE);
    // leaning right: nothing of the pole on the mirrored side
    expect(pixel(r, 200 - along * Math.sin(theta), pivotY - along * Math.cos(theta))).not.toEqual(POLE);
  });

  it('writes the episode, step counter and reward as text (the font is registered)', () => {
    r.draw([0, 0, 0, 0], { episode: 0, step: 0, maxSteps: 500, reward: 0 });
    expect(darkPixels(r, 5, 5, 150, 40)).toBeGreaterThan(100);
    expect(darkPixels(r, 300, 5, 95, 20)).toBeGreaterThan(30);
    const short = darkPixels(r, 5, 25, 150, 20);
    r.draw([0, 0, 0, 0], { episode: 0, step: 123, maxSteps: 500, reward: 0 });
    expect(darkPixels(r, 5, 25, 150, 20)).toBeGreaterThan(short);
  });
});
