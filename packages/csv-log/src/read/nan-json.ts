import { checkJsonDepth } from '@evidence/node-kit';

const NON_FINITE = /NaN|Infinity/;
// Unlikely to occur in real data: a NUL character and a word; only used inside one JSON.parse call.
const MARKERS = new Map<unknown, number>([
  ['\u0000NaN', Number.NaN],
  ['\u0000Infinity', Number.POSITIVE_INFINITY],
  ['\u0000-Infinity', Number.NEGATIVE_INFINITY],
]);

/**
 * JSON as Python's `json` module writes it: the bare tokens `NaN`, `Infinity` and `-Infinity` (outside
 * strings) are read as numbers. Throws JSON.parse's SyntaxError for anything else that is not JSON.
 */
export function parseNanJson(text: string): unknown {
  checkJsonDepth(text);
  try {
    return JSON.parse(text);
  } catch (error) {
    if (!NON_FINITE.test(text)) throw error;
    try {
      return JSON.parse(markNonFinite(text), (_key, value) =>
        MARKERS.has(value) ? MARKERS.get(value) : value,
      );
    } catch {
      throw error;
    }
  }
}

/** Replaces the bare tokens NaN, Infinity and -Infinity (outside strings) by marker strings. */
function markNonFinite(line: string): string {
  let out = '';
  let from = 0;
  let inString = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line.charCodeAt(i);
    if (inString) {
      if (ch === 92 /* \ */) i++;
      else if (ch === 34 /* " */) inString = false;
      continue;
    }
    if (ch === 34) {
      inString = true;
      continue;
    }
    for (const token of ['-Infinity', 'Infinity', 'NaN']) {
      if (line.startsWith(token, i)) {
        out += `${line.slice(from, i)}"\\u0000${token}"`;
        i += token.length - 1;
        from = i + 1;
        break;
      }
    }
  }
  return out + line.slice(from);
}
