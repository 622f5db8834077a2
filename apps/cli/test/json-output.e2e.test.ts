/**
 * `--json` output is data, whatever goes wrong: warnings go to stderr, and what stdout holds is one JSON
 * document valid against the schema @evidence/report publishes for it (checked by Python's jsonschema).
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { copyFixture, python, runCli, tempDir } from './helpers.js';

const jsonschemaMissing = (() => {
  if (spawnSync(python, ['-c', 'import jsonschema'], { stdio: 'ignore' }).status === 0) return null;
  if (process.env.CI === 'true') throw new Error(`${python} with jsonschema is required on CI but missing`);
  return `${python} with jsonschema not found: schema checks skipped`;
})();
if (jsonschemaMissing) console.warn(jsonschemaMissing);

/** Python's jsonschema errors of one JSON text against @evidence/report/schemas/<name>.schema.json. */
function schemaErrors(name: string, json: string): unknown[] {
  const schema = createRequire(import.meta.url).resolve(`@evidence/report/schemas/${name}.schema.json`);
  const validator = fileURLToPath(
    new URL('../../../packages/report/test/validate_schema.py', import.meta.url),
  );
  const file = join(tempDir('schema'), 'doc.json');
  writeFileSync(file, json);
  const run = spawnSync(python, [validator, schema, file], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`validate_schema.py failed: ${run.stderr}`);
  return (JSON.parse(run.stdout) as { errors: unknown[] }).errors;
}

/** Two groups of three CSV runs of one task each. */
function runsRoot(): string {
  const root = tempDir('runs-json');
  for (const group of ['ppo', 'a2c'])
    for (const seed of [1, 2, 3]) {
      mkdirSync(join(root, group), { recursive: true });
      const lines = ['step,reward'];
      for (let step = 1; step <= 30; step++) lines.push(`${step},${step * (group === 'ppo' ? 2 : 1) + seed}`);
      writeFileSync(join(root, group, `seed${seed}.csv`), `${lines.join('\n')}\n`);
    }
  return root;
}

describe('--json output', () => {
  it('report --json on a folder that warns: stdout is JSON, the warnings are on stderr', async () => {
    const dir = copyFixture();
    appendFileSync(join(dir, 'pre_eval.jsonl'), 'not json\n');
    appendFileSync(join(dir, 'training_log.csv'), '1,2,3\n');
    const result = await runCli(['report', dir, '--json', '--resamples', '200']);
    expect(result.code, result.stderr).toBe(0);
    const data = JSON.parse(result.stdout) as { issues: { file: string; line: number }[] };
    expect(data.issues.length).toBeGreaterThanOrEqual(2);
    expect(result.stderr).toMatch(/pre_eval\.jsonl:41: /);
    expect(result.stderr).toMatch(/training_log\.csv:\d+: /);
  });

  it.skipIf(jsonschemaMissing !== null)('compare --json is valid against metrics.schema.json', async () => {
    const dir = copyFixture();
    const result = await runCli([
      'compare',
      join(dir, 'pre_eval.jsonl'),
      join(dir, 'post_eval.jsonl'),
      '--json',
      '--resamples',
      '200',
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(schemaErrors('metrics', result.stdout)).toEqual([]);
  });

  it.skipIf(jsonschemaMissing !== null)('runs --json is valid against runs.schema.json', async () => {
    const root = runsRoot();
    const result = await runCli(['runs', root, '--json', '--resamples', '200']);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout).runs).toHaveLength(6);
    expect(schemaErrors('runs', result.stdout)).toEqual([]);
    const normalized = await runCli(['runs', root, '--json', '--resamples', '200', '--normalize', 'minmax']);
    expect(normalized.code, normalized.stderr).toBe(0);
    expect(JSON.parse(normalized.stdout).aggregate).not.toBeNull();
    expect(schemaErrors('runs', normalized.stdout)).toEqual([]);
  });

  it.skipIf(jsonschemaMissing !== null)(
    'a group with one run is valid too: its note, no interval',
    async () => {
      const root = runsRoot();
      mkdirSync(join(root, 'dqn'));
      writeFileSync(join(root, 'dqn', 'seed1.csv'), 'step,reward\n1,4\n30,9\n');
      const result = await runCli(['runs', root, '--json', '--resamples', '200']);
      expect(result.code, result.stderr).toBe(0);
      const summary = JSON.parse(result.stdout);
      expect(summary.tasks.all.groups.dqn).toMatchObject({ runs: 1, iqm: 9, iqm_ci: null });
      expect(summary.improvement.all.filter((p: { note?: string }) => p.note)).toHaveLength(4);
      expect(schemaErrors('runs', result.stdout)).toEqual([]);
    },
  );
});
