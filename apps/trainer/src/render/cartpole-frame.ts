import { type Canvas, createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { CARTPOLE } from '../cartpole.js';
import { FRAME_FONT, registerFrameFont } from './fonts.js';

export interface FrameText {
  episode: number;
  step: number;
  maxSteps: number;
  /** reward collected so far in the episode */
  reward: number;
  /** the push applied at this step (0 left, 1 right), if any */
  action?: number;
}

/**
 * Draws CartPole states: the track with its ±2.4 limits, the cart, the pole, and a text line with the
 * episode, step counter and reward so far. One canvas is reused for every frame.
 */
export class CartPoleRenderer {
  readonly canvas: Canvas;
  private readonly ctx: SKRSContext2D;

  constructor(
    readonly width = 400,
    readonly height = 240,
  ) {
    registerFrameFont();
    this.canvas = createCanvas(width, height);
    this.ctx = this.canvas.getContext('2d');
    this.ctx.lang = 'en';
  }

  /** Draws `state` (x, ẋ, θ, θ̇) and returns the canvas. */
  draw(state: ArrayLike<number>, text: FrameText): Canvas {
    const { ctx, width, height } = this;
    const x = state[0]!;
    const theta = state[2]!;
    const worldWidth = CARTPOLE.xThreshold * 2 * 1.1;
    const scale = width / worldWidth;
    const trackY = Math.round(height * 0.72);
    const cartW = 50;
    const cartH = 28;
    const poleLen = scale * 2 * CARTPOLE.length;
    const cx = width / 2 + x * scale;

    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, width, height);

    // track and its failure limits
    ctx.strokeStyle = '#444444';
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.moveTo(0, trackY);
    ctx.lineTo(width, trackY);
    ctx.stroke();
    ctx.fillStyle = '#c0392b';
    for (const limit of [-CARTPOLE.xThreshold, CARTPOLE.xThreshold]) {
      ctx.fillRect(Math.round(width / 2 + limit * scale) - 1, trackY - 12, 3, 24);
    }

    // cart
    ctx.fillStyle = '#2c3e50';
    ctx.fillRect(cx - cartW / 2, trackY - cartH / 2 - 6, cartW, cartH);

    // pole, pivoting on the cart's top centre
    const pivotY = trackY - cartH / 2 - 6;
    ctx.strokeStyle = '#d4a017';
    ctx.lineWidth = 8;
    ctx.lineCap = 'round';
    ctx.beginPath();
    ctx.moveTo(cx, pivotY);
    ctx.lineTo(cx + poleLen * Math.sin(theta), pivotY - poleLen * Math.cos(theta));
    ctx.stroke();
    ctx.fillStyle = '#7f8c8d';
    ctx.beginPath();
    ctx.arc(cx, pivotY, 4, 0, 2 * Math.PI);
    ctx.fill();

    // the push applied at this step
    if (text.action !== undefined) {
      const dir = text.action === 1 ? 1 : -1;
      const ax = cx + dir * (cartW / 2 + 6);
      ctx.fillStyle = '#2980b9';
      ctx.beginPath();
      ctx.moveTo(ax + dir * 12, pivotY + cartH / 2);
      ctx.lineTo(ax, pivotY + cartH / 2 - 7);
      ctx.lineTo(ax, pivotY + cartH / 2 + 7);
      ctx.closePath();
      ctx.fill();
    }

    ctx.fillStyle = '#111111';
    ctx.font = `14px "${FRAME_FONT}"`;
    ctx.textBaseline = 'top';
    ctx.fillText(`episode ${text.episode}`, 10, 8);
    ctx.fillText(`step ${text.step} / ${text.maxSteps}`, 10, 28);
    ctx.textAlign = 'right';
    ctx.fillText(`reward ${text.reward}`, width - 10, 8);
    ctx.textAlign = 'left';
    return this.canvas;
  }
}
