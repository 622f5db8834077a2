/**
 * Every command asks the sources one question of one folder: `runs`, `export`, `report` and `plot` give
 * the same runs, groups, tasks, x and y (folders of tools nobody fixtured, no flags).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { settledCopy } from '../../../packages/sources/test/helpers.js';
import { runCli, tempDir } from './helpers.js';

const UNSEEN = fileURLToPath(new URL('../../../packages/sources/test/fixtures/unseen', import.meta.url));

interface RunsJson {
  x: string;
  y: string;
  runs: { path: string; group: string; task: string; last_x: number }[];
}

describe('one folder, one answer, whichever command asks', () => {
  it.each(['pfrl', 'jaxrl', 'acme', 'torch-ac', 'rlpyt', 'garage'])('%s', async (name) => {
    const root = settledCopy(UNSEEN, name);
    const runs = await runCli(['runs', root, '--json']);
    expect(runs.code, runs.stderr).toBe(0);
    const said = JSON.parse(runs.stdout) as RunsJson;
    const identity = (r: { path: string; group: string; task: string }) => `${r.path} ${r.group} ${r.task}`;

    // export: the same runs with the same group and task; its steps of the y are the x runs read
    const csv = join(tempDir('one-question'), 'all.csv');
    const exported = await runCli(['export', root, '--out', csv]);
    expect(exported.code, exported.stderr).toBe(0);
    const rows = Papa.parse<Record<string, string>>(readFileSync(csv, 'utf8'), {
      header: true,
      skipEmptyLines: true,
    }).data;
    const exportedRuns = new Set(rows.map((r) => `${r.run_id} ${r.group} ${r.task}`));
    expect([...exportedRuns].sort()).toEqual(said.runs.map(identity).sort());
    for (const run of said.runs) {
      const steps = rows
        .filter((r) => r.run_id === run.path && r.metric === said.y)
        .map((r) => Number(r.step));
      expect(steps.length, `${run.path}: ${said.y} exported`).toBeGreaterThan(0);
      expect(Math.max(...steps)).toBe(run.last_x);
    }

    // report and plot: the first chart is of the y runs compared, over the x it read
    const report = await runCli(['report', root]);
    expect(report.code, report.stderr).toBe(0);
    // (an overlay of the runs titled by the y, or one run's charts, the y's section first)
    const first = /^!\[([^\]]+)\]/m.exec(readFileSync(join(root, 'report', 'REPORT.md'), 'utf8'))?.[1] ?? '';
    const section = said.y.includes('/') ? `${said.y.slice(0, said.y.indexOf('/') + 1)}` : 'other';
    expect(
      first.startsWith(`${said.y} (`) || first.startsWith(`${said.y}:`) || first.endsWith(`: ${section}`),
      first,
    ).toBe(true);
    for (const command of [report, runs, exported])
      expect(command.stderr).toContain(`x ${said.x} ${said.runs.length}`);
    const png = join(tempDir('one-question'), 'y.png');
    const plot = await runCli(['plot', root, '--out', png]);
    expect(plot.code, plot.stderr).toBe(0);
    expect(plot.stderr).toContain(`y ${said.y} ${said.runs.length}`);
  });
});
