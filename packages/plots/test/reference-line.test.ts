import { describe, expect, it } from 'vitest';
import type { Chart } from '../src/chart.js';
import { encodeChart } from '../src/render.js';
import { expectGolden } from './helpers.js';

// P(A > B) charts draw 0.5 as a dashed, labelled line: a bar whose interval crosses it cannot tell.
const chart: Chart = {
  title: 'P(A > B)',
  width: 480,
  height: 320,
  panels: [
    {
      series: [
        {
          type: 'bars',
          label: '',
          values: [1, 0.6],
          whiskers: [
            [0.39, 1],
            [0.2, 0.9],
          ],
          color: '#0f766e',
        },
      ],
      categories: ['ppo > a2c', 'dqn > a2c'],
      groupNotes: ['separated', ''],
      yDomain: [0, 1],
      reference: { y: 0.5, label: '0.5: neither ahead' },
    },
  ],
};

describe('a reference line on bar panels', () => {
  it('is in the SVG as a dashed line with its label, and in the PNG (golden)', async () => {
    const svg = (await encodeChart(chart, 'svg')).toString('utf8');
    expect(svg).toContain('0.5: neither ahead');
    // the dashes: 6 px strokes 10 px apart along y = 0.5
    expect(svg).toMatch(/d="M(\d+) (\d+)L(\d+) \2L\3 \d+L\1 \d+M/);
    expect(
      (
        await encodeChart({ ...chart, panels: [{ ...chart.panels[0]!, reference: undefined }] }, 'svg')
      ).toString('utf8'),
    ).not.toContain('neither ahead');
    await expectGolden('reference_line', await encodeChart(chart, 'png'));
  });
});
