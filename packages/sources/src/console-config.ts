/**
 * The configuration a trainer prints before its first metrics: `key: value` lines (one setting a line,
 * as a logger dumps its parameters) and argparse's `Namespace(env='Hopper-v2', seed=0)`. Decided from
 * the lines alone; a run's task, algorithm and seed are then read from it as from a config file.
 */
import { parsePythonLiteral } from './python-literal.js';

/**
 * `key: value` from the line's start, the key one word (`_Q_lr`, `env_name`, `train.batch_size`): an
 * indented `lr: float = 1e-3` is a script's source printed above its log, not a setting.
 */
const SETTING = /^([A-Za-z_][\w./-]{0,63})\s*:\s+(\S.{0,199}?)\s*$/;
const NAMESPACE = /(?:^|\s)Namespace\((.*)\)\s*$/;
/** Fewer `key: value` lines than this are prose or a banner, not a printed configuration. */
const MIN_SETTINGS = 3;

/** A printed value as Python printed it: a number, a bool, None, a literal, else its text. */
function printedValue(text: string): unknown {
  if (/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) return Number(text);
  if (text === 'True' || text === 'False') return text === 'True';
  if (text === 'None') return null;
  if (/^[[{('"]/.test(text)) {
    try {
      return parsePythonLiteral(text) ?? text;
    } catch {
      return text;
    }
  }
  return text;
}

/** `Namespace(env='Hopper-v2', seed=0)` as an object, or null when its arguments are not literals. */
function namespaceOf(body: string): Record<string, unknown> | null {
  // each `name=` that opens an argument becomes a quoted key of a dict literal
  const dict = `{${body.replace(/(^|,\s*)([A-Za-z_]\w*)=/g, "$1'$2': ")}}`;
  try {
    const value = parsePythonLiteral(dict);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * The settings printed on `lines` (a log's lines before its first row of metrics), or null when they
 * print none. A setting printed twice (two workers each dumping it) keeps its last value.
 */
export function printedConfig(lines: readonly string[]): Record<string, unknown> | null {
  const settings: Record<string, unknown> = {};
  let count = 0;
  let namespace: Record<string, unknown> | null = null;
  for (const line of lines) {
    const args = NAMESPACE.exec(line)?.[1];
    if (args !== undefined) namespace = namespaceOf(args) ?? namespace;
    const setting = SETTING.exec(line);
    if (!setting) continue;
    settings[setting[1] as string] = printedValue(setting[2] as string);
    count++;
  }
  if (namespace) return { ...settings, ...namespace };
  return count >= MIN_SETTINGS ? settings : null;
}
