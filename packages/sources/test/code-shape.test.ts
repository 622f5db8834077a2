// The sources' shape, checked cheaply on every test run: no function over 100 lines, no import cycle,
// and no tool's name in the code that decides runs, x, y, groups and tasks from content.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// biome-ignore lint/correctness/useImportExtensions: the script is plain JavaScript (.mjs), typed by code-shape.d.mts
import { importCycles, longFunctions } from '../../../scripts/code-shape.mjs';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));

/** Trainers, loggers and trackers whose names a rule could key on (TensorBoard's event files are a format). */
const TOOL =
  /\b(sb3|stable[-_ ]?baselines3?|baselines|cleanrl|rllib|ray|tune|wandb|mlflow|sacred|d3rlpy|lightning|hydra|rl[-_]?zoo|spinup|spinningup|garage|dowel|rlpyt|tianshou|acme|dopamine|skrl|rsl_rl|rl_games|pfrl|torchrl|mushroom\w*|dvclive|keras|tf[-_]agents|jaxrl|pymarl|sample[-_]factory|ml[-_]agents|yolo\w*|ultralytics|hf|hugging ?face|transformers)\b/i;

/**
 * One module per format: it owns its claim, identity and read, and may name its tool. formats/ holds each
 * format's id, name, header claim and table read, and the registry the general readers ask.
 */
const PER_FORMAT = /^(formats|recognisers|stores|tensorboard)\/|^(sb3-monitor|wandb-csv)\.ts$/;

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );

/** The lines of code (comments blanked) that name a tool, as `file:line: text`. */
function toolLines(path: string): string[] {
  const code = readFileSync(path, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '))
    .replace(/(^|[^:\\])\/\/.*$/gm, '$1');
  return code
    .split('\n')
    .flatMap((line, i) => (TOOL.test(line) ? [`${relative(SRC, path)}:${i + 1}: ${line.trim()}`] : []));
}

describe('packages/sources/src', () => {
  it('has no function over 100 lines', () => {
    expect(longFunctions(SRC, 100)).toEqual([]);
  });

  it('has no import cycle among its files', () => {
    expect(importCycles(SRC)).toEqual([]);
  });

  it('names no tool outside its per-format modules: the general path decides from content', () => {
    const general = files(SRC).filter((path) => !PER_FORMAT.test(relative(SRC, path).replaceAll('\\', '/')));
    expect(general.length).toBeGreaterThan(20);
    expect(general.flatMap(toolLines)).toEqual([]);
  });

  it('the check sees a tool named in code, not in a comment', () => {
    const probe = join(fileURLToPath(new URL('.', import.meta.url)), 'fixtures', 'tool-name-probe.ts.txt');
    expect(toolLines(probe).map((line) => line.replace(/^.*?:(\d+):/, '$1:'))).toEqual([
      "3: if (layout === 'cleanrl') return 1;",
    ]);
  });
});
