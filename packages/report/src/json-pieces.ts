/**
 * `JSON.stringify(value, null, 2)`, to the byte, as UTF-8 in pieces of up to a megabyte. The metrics of an
 * evaluation with 300,000 outcome keys are 110 MB of JSON: written as one string they took that much
 * again to encode and more to build; written piece by piece, a piece at a time.
 */

const PIECE_BYTES = 1 << 20;
const TEXT_CHARS = 1 << 14;

/** A plain object (no array, no toJSON), whose members can be written one by one. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return (
    (proto === Object.prototype || proto === null) &&
    typeof (value as { toJSON?: unknown }).toJSON !== 'function'
  );
}

/**
 * `"key": value` as `JSON.stringify` writes a member of an object at the top level, `null, 2`: by
 * JSON.stringify itself, in one call on a wrapper (member by member in JavaScript, an object of
 * 300,000 members took twice as long). Undefined when JSON leaves the member out.
 */
function memberText(key: string, member: unknown): string | undefined {
  const text = JSON.stringify({ [key]: member }, null, 2);
  // "{\n  " before the member and "\n}" after it; "{}" when it was left out (a toJSON giving undefined)
  return text === '{}' ? undefined : text.slice(4, -2);
}

/**
 * Adds the text of `value` to `out`, its members one by one, and hands on each piece as soon as it is
 * full (a piece kept while the rest is made would only wait in memory).
 */
function* write(out: Pieces, value: unknown): Generator<Buffer> {
  if (!isPlainObject(value)) {
    out.add(JSON.stringify(value, null, 2) ?? 'null');
    return;
  }
  let first = true;
  for (const key of Object.keys(value)) {
    const member = value[key];
    // what JSON.stringify leaves out of an object: undefined, functions, symbols
    if (member === undefined || typeof member === 'function' || typeof member === 'symbol') continue;
    const text = memberText(key, member);
    if (text === undefined) continue;
    out.add(first ? '{\n  ' : ',\n  ');
    first = false;
    // in slices: a member's text can be tens of megabytes, and a piece is at most one
    for (let from = 0; from < text.length; ) {
      let to = Math.min(text.length, from + TEXT_CHARS);
      // never cut a surrogate pair in half (each half would be encoded as U+FFFD)
      if (to < text.length && isHighSurrogate(text.charCodeAt(to - 1))) to--;
      out.add(text.slice(from, to));
      from = to;
      if (out.done.length > 0) yield* out.done.splice(0);
    }
  }
  out.add(first ? '{}' : '\n}');
}

const isHighSurrogate = (code: number): boolean => code >= 0xd800 && code <= 0xdbff;

/**
 * Text encoded into pieces of PIECE_BYTES as it comes: each small string dies at once rather than wait in
 * a list for its piece (a list that outlived a garbage collection or two, and then the young generation:
 * 300,000 metrics made 370 MB of old garbage that way).
 */
class Pieces {
  readonly done: Buffer[] = [];
  private piece = Buffer.allocUnsafe(PIECE_BYTES);
  private used = 0;
  /** text not yet encoded: a few kilobytes joined in JS, then one encode (not one call per member) */
  private text = '';
  add(text: string): void {
    this.text += text;
    if (this.text.length >= TEXT_CHARS) this.encode();
  }
  private encode(): void {
    const { text } = this;
    this.text = '';
    // a UTF-8 character takes at most 3 bytes per UTF-16 unit
    if (this.used + text.length * 3 > PIECE_BYTES) this.flush();
    if (text.length * 3 > PIECE_BYTES) this.done.push(Buffer.from(text, 'utf8'));
    else this.used += this.piece.write(text, this.used, 'utf8');
  }
  flush(): void {
    if (this.text !== '') this.encode();
    if (this.used === 0) return;
    this.done.push(this.piece.subarray(0, this.used));
    this.piece = Buffer.allocUnsafe(PIECE_BYTES);
    this.used = 0;
  }
}

/**
 * `JSON.stringify(value, null, 2)` followed by `end`, in UTF-8 pieces of up to a megabyte each: an object
 * is written member by member (each member whole, by JSON.stringify), each piece made as it is taken.
 */
export function* jsonPieces(value: unknown, end = ''): Generator<Buffer> {
  const out = new Pieces();
  yield* write(out, value);
  out.add(end);
  out.flush();
  yield* out.done.splice(0);
}
