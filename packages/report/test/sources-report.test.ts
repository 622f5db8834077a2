import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { encodeChart, type LineSeries } from '@evidence/plots';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findSources, MAX_SOURCES } from '../src/folder/find-sources.js';
import {
  describeSources,
  EPISODE_WINDOW,
  groupByPrefix,
  sourceCharts,
  sourceFacts,
} from '../src/folder/source-charts.js';
import { pythonMissing } from './helpers.js';

const SB3_FIXTURES = fileURLToPath(new URL('../../sources/test/fixtures/sb3', import.meta.url));
const TB_ORACLE = fileURLToPath(new URL('../../sources/test/tb_oracle.py', import.meta.url));
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

const temp = (label: string) => mkdtempSync(join(tmpdir(), `report-sources-${label}-`));

/** A monitor file as SB3's ResultsWriter writes it. */
function monitorText(rewards: readonly number[], env = 'CartPole-v1'): string {
  let text = `#${JSON.stringify({ t_start: 1_700_000_000.5, env_id: env })}\nr,l,t\r\n`;
  rewards.forEach((r, i) => {
    text += `${r},${Math.round(r)},${(i * 0.5).toFixed(6)}\r\n`;
  });
  return text;
}

describe('SB3 folders', () => {
  it('finds the monitor files (joined) and progress.csv, says what it found and what it charts', async () => {
    const dir = temp('sb3');
    cpSync(SB3_FIXTURES, dir, { recursive: true });
    const { runs: tables } = await findSources(dir);
    expect(tables.map((t) => t.format).sort()).toEqual(['monitor', 'sb3-progress']);
    const line = describeSources(dir, tables);
    expect(line).toMatch(
      /0\.monitor\.csv \+ 1\.monitor\.csv \(SB3\/baselines monitor: CartPole-v1, 12 episodes/,
    );
    expect(line).toMatch(/episode reward \(raw and moving average\) and episode length/);
    expect(line).toMatch(/progress\.csv \(Stable-Baselines3 progress\.csv\/json: 10 numeric keys/);
    expect(line).toMatch(/4 groups \(time\/, rollout\/, train\/, eval\/\) over time\/total_timesteps/);
    const facts = sourceFacts(dir, tables) as Record<string, Record<string, unknown>>;
    expect(facts.environment).toBe('CartPole-v1');
    const monitor = Object.values(facts).find(
      (f) => typeof f === 'object' && f.format?.toString().includes('monitor'),
    );
    expect(monitor).toMatchObject({ env_id: 'CartPole-v1', episodes: 12, files: 2 });
    expect(facts.results).toMatchObject({ mean_reward: 500 });
    const names = sourceCharts(dir, tables).map((c) => c.name);
    expect(names).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^source-\d-monitor-over-episode$/),
        expect.stringMatching(/^source-\d-monitor-over-timesteps$/),
        expect.stringMatching(/^source-\d-time$/),
        expect.stringMatching(/^source-\d-rollout$/),
        expect.stringMatching(/^source-\d-train$/),
        expect.stringMatching(/^source-\d-eval$/),
      ]),
    );
    for (const { chart } of sourceCharts(dir, tables))
      expect((await encodeChart(chart, 'png')).subarray(0, 4)).toEqual(PNG);
  });

  it('the moving average is the mean of the last 100 episodes; the timesteps axis is the sum of lengths', async () => {
    const dir = temp('monitor');
    const rewards = Array.from({ length: 150 }, (_, i) => 10 + ((i * 37) % 23) + i);
    writeFileSync(join(dir, 'monitor.csv'), monitorText(rewards));
    const { runs: tables } = await findSources(dir);
    const [episodes, timesteps] = sourceCharts(dir, tables);
    expect(episodes?.chart.title).toMatch(
      /^CartPole-v1: episode reward and length over episodes \(150 episodes/,
    );
    const [raw, average] = (episodes?.chart.panels[0]?.series ?? []) as LineSeries[];
    expect(Array.from(raw?.y ?? [])).toEqual(rewards);
    expect(average?.label).toBe(`moving average (${EPISODE_WINDOW} episodes)`);
    for (const i of [0, 10, 99, 100, 149]) {
      const from = Math.max(0, i - EPISODE_WINDOW + 1);
      const window = rewards.slice(from, i + 1);
      expect(average?.y[i]).toBeCloseTo(window.reduce((a, b) => a + b, 0) / window.length, 9);
    }
    const x = (timesteps?.chart.panels[1]?.series[0] as LineSeries | undefined)?.x ?? [];
    expect(x[149]).toBe(rewards.reduce((a, b) => a + Math.round(b), 0));
  });
});

describe.skipIf(pythonMissing !== null)(`TensorBoard runs ${pythonMissing ?? ''}`, () => {
  it('every scalar tag grouped by prefix over step; a sparse tag is drawn through its own points', async () => {
    const dir = temp('tb');
    const run = join(dir, 'runs', 'CartPole-v1__ppo__1__1700000000');
    mkdirSync(run, { recursive: true });
    const records = Array.from({ length: 20 }, (_, step) => ({
      wall_time: 1_700_000_000 + step,
      step: step * 100,
      values: [
        { tag: 'charts/episodic_return', kind: 'simple', value: step * 2.5 },
        { tag: 'charts/SPS', kind: 'tensor_float_val', value: 1000 + step },
        ...(step % 4 === 0
          ? [{ tag: 'losses/value_loss', kind: 'tensor_double_val', value: 1 / (step + 1) }]
          : []),
        { tag: 'losses/policy_loss', kind: 'tensor_content_float', value: -0.5 },
        { tag: 'temperature', kind: 'simple', value: 0.25 },
        { tag: 'charts/hist', kind: 'histogram' },
      ],
    }));
    const spec = join(dir, 'spec.json');
    writeFileSync(
      spec,
      JSON.stringify({ files: [{ path: join(run, 'events.out.tfevents.1.host.1.0'), records }] }),
    );
    const written = spawnSync('python3', [TB_ORACLE, 'write', spec], { encoding: 'utf8' });
    expect(written.status, written.stderr).toBe(0);
    const { runs: tables } = await findSources(dir);
    expect(tables.map((t) => t.format)).toEqual(['tensorboard']);
    expect(describeSources(dir, tables)).toMatch(
      /runs\/CartPole-v1__ppo__1__1700000000 \(TensorBoard run: 5 scalar tags, 85 values\); charting 5 keys in 3 groups \(charts\/, losses\/, other\) over step/,
    );
    const charts = sourceCharts(dir, tables);
    expect(charts.map((c) => c.name)).toEqual(['source-1-charts', 'source-1-losses', 'source-1-other']);
    const losses = charts[1]?.chart;
    expect(losses?.panels.map((p) => p.yLabel)).toEqual(['losses/value_loss', 'losses/policy_loss']);
    const valueLoss = losses?.panels[0]?.series[0] as LineSeries;
    expect(Array.from(valueLoss.x)).toEqual([0, 400, 800, 1200, 1600]);
    for (const { chart } of charts) expect((await encodeChart(chart, 'png')).subarray(0, 4)).toEqual(PNG);
  });
});

describe('what is not a foreign source', () => {
  it('our own logs, JSONL and anything in the report folder are left out', async () => {
    const dir = temp('own');
    writeFileSync(join(dir, 'training_log.csv'), 'step,reward\n1,2\n');
    writeFileSync(join(dir, 'pre_eval.jsonl'), '{"cumulative_reward": 1}\n');
    mkdirSync(join(dir, 'report'));
    writeFileSync(join(dir, 'report', 'table.csv'), 'step,x\n1,2\n');
    writeFileSync(join(dir, 'empty.csv'), 'step,x\n');
    const found = await findSources(dir, { exclude: join(dir, 'report') });
    expect(found.runs).toEqual([]);
    expect(found.unreadable.map((t) => t.path)).toEqual(['empty.csv']);
    expect(found.lookedFor.join('; ')).toMatch(/monitor\.csv.*tfevents/);
  });

  it('a folder of many runs: the first MAX_SOURCES are charted, the rest counted', async () => {
    const dir = temp('many');
    for (let i = 0; i < MAX_SOURCES + 2; i++)
      writeFileSync(
        join(dir, `run-${String(i).padStart(2, '0')}.csv`),
        'global_step,charts/episodic_return\n1,2\n2,3\n',
      );
    const found = await findSources(dir);
    expect(found.runs).toHaveLength(MAX_SOURCES);
    expect(found.more.map((t) => t.path)).toEqual([join(dir, 'run-12.csv'), join(dir, 'run-13.csv')]);
  });

  it('groups keys by the part before the first slash, keeping every key once, in order (property)', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.stringMatching(/^[a-z/]{1,8}$/), { maxLength: 20 }), (keys) => {
        const groups = groupByPrefix(keys);
        expect([...groups.values()].flat().sort()).toEqual([...keys].sort());
        for (const [group, members] of groups)
          for (const key of members)
            expect(group === 'other' ? key.indexOf('/') <= 0 : key.startsWith(group)).toBe(true);
      }),
    );
  });
});
