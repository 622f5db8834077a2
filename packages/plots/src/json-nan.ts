// JSON as Python's json module writes it: bare NaN, Infinity and -Infinity tokens are allowed.
// They are rewritten to sentinel strings outside string literals, parsed, then turned into numbers.

const SENTINELS: Record<string, number> = {
  '\u0000NaN': Number.NaN,
  '\u0000Infinity': Number.POSITIVE_INFINITY,
  '\u0000-Infinity': Number.NEGATIVE_INFINITY,
};

/** Parses JSON that may contain NaN / Infinity / -Infinity (Python's `json.dumps` default). */
export function parseJsonWithNaN(text: string): unknown {
  if (!/NaN|Infinity/.test(text)) return JSON.parse(text);
  let out = '';
  let i = 0;
  let from = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '"') {
      // skip the string literal
      i++;
      while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
      i++;
      continue;
    }
    const token = text.startsWith('NaN', i)
      ? 'NaN'
      : text.startsWith('-Infinity', i)
        ? '-Infinity'
        : text.startsWith('Infinity', i)
          ? 'Infinity'
          : null;
    if (token) {
      out += `${text.slice(from, i)}"\\u0000${token}"`;
      i += token.length;
      from = i;
      continue;
    }
    i++;
  }
  out += text.slice(from);
  return JSON.parse(out, (_key, value) =>
    typeof value === 'string' && value in SENTINELS ? SENTINELS[value] : value,
  );
}

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
