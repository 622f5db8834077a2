/** Deepest nesting of arrays and objects read from a user's JSON: far beyond any real config. */
export const MAX_JSON_DEPTH = 1000;

/** JSON nested deeper than the limit; says where, so the message can name the file, line and column. */
export class JsonDepthError extends SyntaxError {
  override name = 'JsonDepthError';
  constructor(
    readonly limit: number,
    readonly line: number,
    readonly column: number,
  ) {
    super(`JSON nested deeper than ${limit} levels (line ${line}, column ${column})`);
  }
}

/**
 * Throws {@link JsonDepthError} when `text` nests arrays/objects deeper than `limit`. One iterative pass
 * over the characters (strings skipped), before JSON.parse: a parse of 200,000 levels succeeds, and
 * then every recursive walk of the value (freezing, flattening, printing) overflows the stack.
 */
export function checkJsonDepth(text: string, limit = MAX_JSON_DEPTH): void {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) throw depthError(text, i, limit);
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
}

function depthError(text: string, index: number, limit: number): JsonDepthError {
  let line = 1;
  let start = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) {
    line++;
    start = i + 1;
  }
  return new JsonDepthError(limit, line, index - start + 1);
}

/** JSON.parse after {@link checkJsonDepth}. */
export function parseJsonLimited(text: string, limit = MAX_JSON_DEPTH): unknown {
  checkJsonDepth(text, limit);
  return JSON.parse(text);
}
