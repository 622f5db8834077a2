import { readInputText } from '@evidence/node-kit';
/**
 * Evaluation episodes from a table, one row per episode: a CSV/TSV file such as SB3's `monitor.csv`
 * (`r`, `l`, `t`), parsed by @evidence/sources. Each row becomes a record of its cells (numbers by the
 * design's reading rules, text kept as it is) with its line, so `compare` treats it like a JSONL line:
 * a row whose reward is `N/A`, empty or `nan` is skipped and named by its line; the others are used.
 */
import { cellNumber, MONITOR_SUFFIX, parseDelimited } from '@evidence/sources';
import type { ReadIssues } from './io.js';
import type { EvalRecord } from './records.js';
import { splitIssue } from './source-issues.js';

const PYTHON_BOOL = /^(True|False|true|false)$/;
/** Columns that hold an episode's outcome: SB3's `is_success` info keyword, `success`. */
const SUCCESS_COLUMN = /^(is_success|success)$|\/is_success$/;

/** Whether `compare` reads this file as a table rather than JSON Lines. */
export function isEpisodeTable(path: string): boolean {
  return /\.(csv|tsv)$/i.test(path);
}

/** The rows of a table as records, each with its line in the file, and the parser's issues. */
export async function readEpisodeTable(
  path: string,
): Promise<{ records: EvalRecord[]; lines: number[]; issues: ReadIssues }> {
  // SB3 appends to a monitor file while it trains: a last line without its newline is torn, not data.
  const lastLine = path.toLowerCase().endsWith(MONITOR_SUFFIX) ? 'torn' : 'keep-if-complete';
  const parsed = parseDelimited(path, await readInputText(path), { lastLine });
  const records = parsed.rows.map(({ fields }) => {
    const record: EvalRecord = {};
    parsed.header.forEach((name, c) => {
      const cell = fields[c] as string;
      const value = cellNumber(cell);
      // Python's str(bool) (SB3's monitor writes info_keywords such as is_success so) is a boolean
      if (PYTHON_BOOL.test(cell.trim())) record[name] = /^t/i.test(cell.trim());
      // text, an empty cell or nan stays as written, so a skipped row says what its cell held
      else record[name] = value === undefined || Number.isNaN(value) ? cell : value;
    });
    return record;
  });
  // an is_success column of 0/1 numbers (envs returning 1.0/0.0) is one outcome per episode too
  for (const name of parsed.header.filter((h) => SUCCESS_COLUMN.test(h)))
    if (records.every((r) => r[name] === 0 || r[name] === 1 || typeof r[name] === 'boolean'))
      for (const r of records) r[name] = r[name] === 1 || r[name] === true;
  const issues: ReadIssues = { torn: null, skipped: [] };
  for (const issue of parsed.issues) {
    const { line, reason } = splitIssue(issue, path);
    issues.skipped.push({ line, reason });
  }
  return { records, lines: parsed.rows.map((row) => row.line), issues };
}
