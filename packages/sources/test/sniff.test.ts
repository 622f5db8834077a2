import { describe, expect, it } from 'vitest';
import { sniffBytes } from '../src/catalogue/sniff.js';

const sniff = (text: string, name = 'file') =>
  sniffBytes(Buffer.from(text), name, Buffer.byteLength(text), 0);

describe('what a file is, from its content', () => {
  it('a chart (SVG, one line with commas) is markup, not a table', () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480"><path d="M0,0 L10,20"/></svg>';
    expect(sniff(svg, 'train_reward_curve.svg')).toMatchObject({ kind: 'text' });
    expect(sniff(`<?xml version="1.0"?>\n${svg}\n`)).toMatchObject({ kind: 'text' });
  });

  it('a log of messages split evenly by a delimiter is text: a table of metrics holds numbers', () => {
    const log = [
      '20:17:04 | INFO | CartPole-v1 · PPO · seed 1',
      '20:17:05 | INFO | before training: mean reward 34.2 over 3 episodes',
      '20:17:09 | WARN | report: skipped a chart',
    ].join('\n');
    expect(sniff(`${log}\n`, 'run.log')).toMatchObject({ kind: 'text' });
    // the same shape with numbers in its rows is a table
    expect(sniff('time|reward\n1|2.5\n2|3.5\n', 'run.log')).toMatchObject({ kind: 'table' });
  });

  it('a header with no row yet is a table of names, prose with commas is not', () => {
    expect(sniff('step,reward,loss\n', 'progress.txt')).toMatchObject({ kind: 'table' });
    expect(sniff(`Hello, ${'w'.repeat(120)}, and goodbye\n`, 'notes')).toMatchObject({ kind: 'text' });
  });
});
