import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildReport } from '../src/index.js';
import { formatNumber } from '../src/page/format.js';

describe('a long training log', () => {
  it('is charted decimated while reading, says so, and its early/late means count every row', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'report-long-log-'));
    const rows = 40_000;
    const lines = ['step,epoch,loss,reward'];
    const reward: number[] = [];
    for (let i = 0; i < rows; i++) {
      const r = Math.tanh((3 * i) / rows) + 0.1 * Math.sin(i * 12.9898);
      reward.push(r);
      lines.push(`${i},0,${1 / (i + 1)},${r}`);
    }
    // a resumed run: steps 39,000… logged again; the chart keeps the later rows
    for (let i = 39_000; i < rows; i++) lines.push(`${i},1,0.5,${reward[i]}`);
    writeFileSync(join(dir, 'training_log.csv'), `${lines.join('\n')}\n`);
    const logged: string[] = [];
    await buildReport(dir, { log: (line) => logged.push(line) });
    const markdown = readFileSync(join(dir, 'report', 'REPORT.md'), 'utf8');
    const total = rows + 1_000;
    const all = [...reward, ...reward.slice(39_000)];
    const tenth = Math.floor(total / 10);
    const mean = (a: number[]) => a.reduce((s, v) => s + v, 0) / a.length;
    // the decimation's buckets (16 rows here) meet the tenths to within one bucket
    const early = mean(all.slice(0, tenth));
    const late = mean(all.slice(total - tenth));
    const shown =
      /Training reward (\S+) \(first tenth of (\d+) rows\) → (\S+) \(last tenth, up to step (\d+)\)/.exec(
        markdown,
      );
    expect(shown?.[2]).toBe(String(total));
    expect(Number(shown?.[1])).toBeCloseTo(Number(formatNumber(early)), 2);
    expect(Number(shown?.[3])).toBeCloseTo(Number(formatNumber(late)), 2);
    expect(shown?.[4]).toBe(formatNumber(rows - 1));
    expect(markdown).toMatch(
      /Training reward and loss \(drawn from [\d,]+ of 41,000 rows: the first, last, lowest and highest of every 16\)/,
    );
    expect(logged.some((line) => /training_log\.csv: charted \(drawn from/.test(line))).toBe(true);
  });
});
