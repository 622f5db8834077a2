/**
 * Finding runs under a folder: which files (CSV/TSV logs, SB3 monitor and progress files), evidence
 * folders and TensorBoard run folders are runs, and their group, task and run.
 */
import { readdir } from 'node:fs/promises';
import { basename, join, relative, resolve, sep } from 'node:path';
import { isEventFile } from '@evidence/sources';
import { isEvidenceFolder } from './run-table.js';

export interface FoundRun {
  /** absolute path of the file, evidence folder or TensorBoard run folder */
  file: string;
  /** relative to the root, with `/` */
  path: string;
  group: string;
  task: string;
  run: string;
}

export interface Discovery {
  runs: FoundRun[];
  /** logs and run folders looked at and not used, with why */
  skipped: { path: string; why: string }[];
  /** other files (pictures, notes, earlier runs reports…), not logs: counted, not listed one by one */
  ignored: string[];
}

/** The task of every run when the pattern has no `{task}`. */
export const DEFAULT_TASK = 'all';
const PLACEHOLDERS = new Set(['group', 'task', 'run']);

/**
 * A pattern such as `{group}/{task}/{run}.csv` as a regular expression over a relative path. A
 * placeholder matches a whole path segment or part of one, as little as possible from the left, so
 * `{task}__{group}__{run}` splits `CartPole-v1__ppo_lstm__1__1700000000` after the first two `__`.
 */
export function compilePattern(pattern: string): { regex: RegExp; names: string[] } {
  const names: string[] = [];
  let source = '';
  let last = 0;
  for (const match of pattern.matchAll(/\{([^{}]*)\}/g)) {
    const name = match[1] as string;
    if (!PLACEHOLDERS.has(name))
      throw new PatternError(`--pattern: unknown placeholder {${name}}; expected {group}, {task} or {run}`);
    if (names.includes(name)) throw new PatternError(`--pattern: {${name}} appears twice`);
    source += escapeRegex(pattern.slice(last, match.index)) + '([^/]+?)';
    names.push(name);
    last = (match.index as number) + match[0].length;
  }
  source += escapeRegex(pattern.slice(last));
  if (names.length === 0)
    throw new PatternError('--pattern: expected at least one of {group}, {task}, {run}');
  return { regex: new RegExp(`^${source}$`), names };
}

/** A bad --pattern: bad usage, not bad input. */
export class PatternError extends Error {
  override name = 'PatternError';
}

/** A TensorBoard run folder (CleanRL's `runs/{env}__{exp}__{seed}__{time}/`): event files directly in it. */
async function isTensorboardRun(dir: string): Promise<boolean> {
  const names = await readdir(dir).catch(() => [] as string[]);
  return names.some(isEventFile);
}

/** A folder `writeRunsReport` wrote: not entered. */
async function isRunsReport(dir: string): Promise<boolean> {
  const names = await readdir(dir).catch(() => [] as string[]);
  return names.includes('runs.json') && names.includes('RUNS.md');
}

const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const toPosix = (path: string): string => path.split(sep).join('/');

interface Entry {
  abs: string;
  rel: string;
  kind: 'log' | 'evidence' | 'tensorboard' | 'report' | 'other';
}

/**
 * Every candidate under root: CSV/TSV files (SB3's monitor and progress files among them), evidence
 * folders and TensorBoard run folders (not entered); hidden entries and `exclude` left out.
 */
async function walk(root: string, exclude: string | null): Promise<Entry[]> {
  const found: Entry[] = [];
  const visit = async (dir: string): Promise<void> => {
    const entries = await readdir(dir, { withFileTypes: true });
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const abs = join(dir, entry.name);
      if (exclude && resolve(abs) === exclude) continue;
      const rel = toPosix(relative(root, abs));
      if (entry.isDirectory()) {
        if (await isEvidenceFolder(abs)) found.push({ abs, rel, kind: 'evidence' });
        else if (await isTensorboardRun(abs)) found.push({ abs, rel, kind: 'tensorboard' });
        else if (await isRunsReport(abs)) found.push({ abs, rel, kind: 'report' });
        else await visit(abs);
      } else if (entry.isFile()) {
        found.push({ abs, rel, kind: /\.[ct]sv$/i.test(entry.name) ? 'log' : 'other' });
      }
    }
  };
  await visit(root);
  return found;
}

/**
 * Runs under `root`. With a pattern, each log file, evidence folder or TensorBoard run folder whose
 * relative path matches it is a run; without one, every one of them is a run, its folder is its
 * group and all are in one task.
 */
export async function discoverRuns(
  root: string,
  options: { pattern?: string; exclude?: string } = {},
): Promise<Discovery> {
  const compiled = options.pattern ? compilePattern(options.pattern) : null;
  const entries = await walk(root, options.exclude ? resolve(options.exclude) : null);
  const runs: FoundRun[] = [];
  const skipped: Discovery['skipped'] = [];
  const ignored: string[] = [];
  const rootName = basename(resolve(root));
  for (const entry of entries) {
    if (entry.kind === 'report') {
      skipped.push({ path: entry.rel, why: 'a runs report, not a run' });
      continue;
    }
    if (entry.kind === 'other') {
      if (compiled?.regex.test(entry.rel))
        skipped.push({
          path: entry.rel,
          why: 'matches --pattern but is not a CSV/TSV log, an evidence folder or a TensorBoard run folder',
        });
      else ignored.push(entry.rel);
      continue;
    }
    if (compiled) {
      const match = compiled.regex.exec(entry.rel);
      if (!match) {
        skipped.push({ path: entry.rel, why: `does not match --pattern ${options.pattern}` });
        continue;
      }
      const value = (name: string): string | undefined => {
        const at = compiled.names.indexOf(name);
        return at < 0 ? undefined : match[at + 1];
      };
      const folder = entry.rel.includes('/') ? entry.rel.slice(0, entry.rel.lastIndexOf('/')) : rootName;
      runs.push({
        file: entry.abs,
        path: entry.rel,
        group: value('group') ?? folder,
        task: value('task') ?? DEFAULT_TASK,
        run: value('run') ?? entry.rel,
      });
    } else {
      const slash = entry.rel.lastIndexOf('/');
      runs.push({
        file: entry.abs,
        path: entry.rel,
        group: slash < 0 ? rootName : entry.rel.slice(0, slash),
        task: DEFAULT_TASK,
        run: slash < 0 ? entry.rel : entry.rel.slice(slash + 1),
      });
    }
  }
  return { runs, skipped, ignored };
}
