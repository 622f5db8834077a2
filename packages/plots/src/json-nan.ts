// JSON as Python's json module writes it: bare NaN, Infinity and -Infinity tokens are allowed. Reading is
// csv-log's (the one copy of the rule); writing them back is here.
import { parseNanJson } from '@evidence/csv-log';

/** Parses JSON that may contain NaN / Infinity / -Infinity (Python's `json.dumps` default). */
export const parseJsonWithNaN = parseNanJson;

/** JSON text with non-finite numbers written as Python writes them (NaN, Infinity, -Infinity). */
export function stringifyJsonWithNaN(value: unknown, indent = 2): string {
  const marked = JSON.stringify(
    value,
    (_key, v) => {
      if (typeof v === 'number' && !Number.isFinite(v)) {
        return Number.isNaN(v) ? '\u0000NaN' : v > 0 ? '\u0000Infinity' : '\u0000-Infinity';
      }
      return v;
    },
    indent,
  );
  return marked.replace(/"\\u0000(NaN|-?Infinity)"/g, '$1');
}
