// The overlay's still picture, byte for byte: a fixed folder of runs (two groups, few runs: thin lines,
// each group's mean and t-interval band cut to the declared maximum) through metricOverlays,
// embedOverlay and overlayChart into @evidence/plots' SVG (its bundled font makes the bytes the same on
// every machine). EVIDENCE_UPDATE_GOLDEN=1 rewrites the golden; on a mismatch the actual SVG is
// written beside it as overlay_reward.actual.svg.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { encodeChart } from '@evidence/plots';
import { describe, expect, it } from 'vitest';
import { embedOverlay, overlayChart } from '../src/page/index.js';
import { metricOverlays } from '../src/runs/metric-overlays.js';

const GOLDEN = fileURLToPath(new URL('./golden/overlay_reward.svg', import.meta.url));
const ACTUAL = GOLDEN.replace(/\.svg$/, '.actual.svg');

function overlaySvg(): Promise<Buffer> {
  const steps = Array.from({ length: 50 }, (_, i) => i * 2000);
  const runs = ['ppo', 'a2c'].flatMap((group, g) =>
    [0, 1, 2, 3].map((seed) => ({
      id: `${group}/seed_${seed}`,
      group,
      series: [
        {
          metric: 'reward',
          steps,
          values: steps.map((x, i) =>
            Math.min(500, (x / 200) * (1 + g) * (0.8 + 0.1 * seed) + 10 * Math.sin(i + seed)),
          ),
        },
      ],
      ranges: { reward: { min: 0, max: 500 } },
    })),
  );
  const [overlay] = metricOverlays(runs);
  return encodeChart(overlayChart(embedOverlay(overlay as NonNullable<typeof overlay>)), 'svg');
}

describe('overlay picture (golden SVG)', () => {
  it('is byte for byte the golden', async () => {
    const svg = await overlaySvg();
    if (process.env.EVIDENCE_UPDATE_GOLDEN === '1' || (!existsSync(GOLDEN) && process.env.CI !== 'true')) {
      writeFileSync(GOLDEN, svg);
      return;
    }
    const golden = readFileSync(GOLDEN);
    if (!svg.equals(golden)) writeFileSync(ACTUAL, svg);
    expect(svg.equals(golden), `differs from ${GOLDEN}; actual written to ${ACTUAL}`).toBe(true);
  });

  it('draws every run thin, each group mean and band, named in the legend', async () => {
    const svg = (await overlaySvg()).toString('utf8');
    expect(svg.match(/fill-opacity="0.18/g)?.length).toBeGreaterThanOrEqual(2);
    expect(svg.length).toBeLessThan(2 * 1024 * 1024);
  });
});
