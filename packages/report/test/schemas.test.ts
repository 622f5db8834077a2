/**
 * The published JSON Schemas (schemas/*.schema.json) checked by an independent validator, Python's
 * jsonschema (Draft 2020-12): each schema is valid and its examples pass; the reference Python trainer's
 * files, this package's own metrics and the Python writer documented in FORMATS.md pass; wrong documents
 * fail, naming where.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compareEvalFiles } from '../src/index.js';
import { FIXTURE } from './helpers.js';

const tempDir = () => mkdtempSync(join(tmpdir(), 'report-schemas-'));

const SCHEMAS = fileURLToPath(new URL('../schemas/', import.meta.url));
const VALIDATOR = fileURLToPath(new URL('./validate_schema.py', import.meta.url));
const FORMATS = fileURLToPath(new URL('../../../FORMATS.md', import.meta.url));

const jsonschemaMissing = (() => {
  if (spawnSync('python3', ['-c', 'import jsonschema'], { stdio: 'ignore' }).status === 0) return null;
  if (process.env.CI === 'true') throw new Error('python3 with jsonschema is required on CI but missing');
  return 'python3 with jsonschema not found: the schema tests are skipped';
})();
if (jsonschemaMissing) console.warn(jsonschemaMissing);

interface Validation {
  documents: number;
  errors: { file: string; line: number | null; path: string; message: string }[];
}

/** Validates files (.jsonl line by line) against schemas/<name>.schema.json with Python's jsonschema. */
function validate(name: string, files: string[]): Validation {
  const run = spawnSync('python3', [VALIDATOR, join(SCHEMAS, `${name}.schema.json`), ...files], {
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`validate_schema.py failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as Validation;
}

function writeJson(value: unknown, name = 'doc.json'): string {
  const file = join(tempDir(), name);
  writeFileSync(file, name.endsWith('.jsonl') ? `${JSON.stringify(value)}\n` : JSON.stringify(value));
  return file;
}

describe.skipIf(jsonschemaMissing !== null)('published JSON Schemas', () => {
  const names = readdirSync(SCHEMAS).map((file) => file.replace('.schema.json', ''));

  it('are the four formats, each with an $id, a description and examples that validate', () => {
    expect(names.sort()).toEqual(['episode', 'metrics', 'run', 'runs']);
    for (const name of names) {
      const schema = JSON.parse(readFileSync(join(SCHEMAS, `${name}.schema.json`), 'utf8'));
      expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
      expect(schema.$id).toBe(`https://unpkg.com/@evidence/report/schemas/${name}.schema.json`);
      expect(schema.description.length).toBeGreaterThan(80);
      expect(schema.examples.length).toBeGreaterThan(0);
      const files = (schema.examples as unknown[]).map((example, i) =>
        writeJson(example, `example${i}.json`),
      );
      expect(validate(name, files)).toEqual({ documents: files.length, errors: [] });
    }
  });

  it("accept the reference Python trainer's evaluation episodes and metrics", () => {
    const episodes = validate('episode', [join(FIXTURE, 'pre_eval.jsonl'), join(FIXTURE, 'post_eval.jsonl')]);
    expect(episodes).toEqual({ documents: 80, errors: [] });
    expect(validate('metrics', [join(FIXTURE, 'before_after_metrics.json')]).errors).toEqual([]);
  });

  it('accept the metrics this package computes (what report writes and compare --json prints)', async () => {
    const metrics = await compareEvalFiles(
      join(FIXTURE, 'pre_eval.jsonl'),
      join(FIXTURE, 'post_eval.jsonl'),
      {
        resamples: 200,
      },
    );
    expect(validate('metrics', [writeJson(metrics)])).toEqual({ documents: 1, errors: [] });
  });

  it("accept the folder FORMATS.md's minimal Python writer writes", () => {
    const code = /```python\n([\s\S]*?)```/.exec(readFileSync(FORMATS, 'utf8'))?.[1];
    expect(code).toContain('def write_evidence');
    const dir = tempDir();
    const run = spawnSync('python3', ['-c', code as string], { cwd: dir, encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    const evidence = join(dir, 'evidence');
    expect(validate('run', [join(evidence, 'run.json')])).toEqual({ documents: 1, errors: [] });
    expect(
      validate('episode', [join(evidence, 'pre_eval.jsonl'), join(evidence, 'post_eval.jsonl')]),
    ).toEqual({ documents: 40, errors: [] });
    expect(readFileSync(join(evidence, 'training_log.csv'), 'utf8')).toMatch(
      /^step,loss,reward,wall_time_s\r?\n0,1\.0,/,
    );
  });

  it('reject wrong documents, naming where', () => {
    const episode = validate('episode', [
      writeJson({ cumulative_reward: '12', steps: [{ action: 3.5e300, reward: 'x' }] }, 'e.jsonl'),
    ]);
    expect(episode.errors.map((e) => `${e.line} ${e.path}`).sort()).toEqual([
      '1 cumulative_reward',
      '1 steps/0/reward',
    ]);
    expect(validate('episode', [writeJson({ reward: 1 }, 'e.jsonl')]).errors[0]?.message).toBe(
      "'cumulative_reward' is a required property",
    );
    const run = validate('run', [writeJson({ seed: 1.5, metrics: { pole_fell: { better: 'down' } } })]);
    expect(run.errors.map((e) => e.path).sort()).toEqual(['metrics/pole_fell/better', 'seed']);
    const metrics = validate('metrics', [
      writeJson({ pre: { n: 3 }, post: { n: 3 }, delta: {}, ci95: { x: [1] } }),
    ]);
    expect(metrics.errors.map((e) => e.path)).toEqual(['ci95/x']);
    expect(
      validate('runs', [writeJson({ x: 'step', y: 'reward', runs: [], tasks: {}, improvement: {} })])
        .errors[0]?.message,
    ).toBe("'aggregate' is a required property");
  });
});
