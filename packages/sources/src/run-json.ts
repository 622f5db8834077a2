/** run.json, the one reader: every command and the report take it from here. */
import { parseNanJson } from '@evidence/csv-log';
import { readInputText } from '@evidence/node-kit';

/** The file every evidence run describes itself in (DESIGN.md: written by the trainer, every key optional). */
export const RUN_FILE = 'run.json';

/** run.json that is not JSON: `reason` says why, the message names the file too. */
export class RunJsonError extends Error {
  override name = 'RunJsonError';
  constructor(
    readonly path: string,
    readonly reason: string,
    detail: string,
  ) {
    super(`${path}: not valid JSON (${detail})`);
  }
}

/**
 * The parsed run.json at `path`, or undefined when there is none. Nesting is depth-limited, and the bare
 * `NaN`/`Infinity` Python's `json.dump` writes are read as numbers. A file that is not JSON is a
 * `RunJsonError` naming it: the caller decides whether that stops it.
 */
export async function readRunJson(path: string): Promise<unknown> {
  let text: string;
  try {
    text = await readInputText(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    return parseNanJson(text);
  } catch (error) {
    const detail = (error as Error).message;
    throw new RunJsonError(path, `not valid JSON: ${detail}`, detail);
  }
}
