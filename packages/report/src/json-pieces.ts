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

/** A number as JSON writes it: not finite, null. */
const numberText = (value: number): string => (Number.isFinite(value) ? String(value) : 'null');

function allNumbers(values: unknown[]): values is number[] {
  for (const value of values) if (typeof value !== 'number') return false;
  return values.length > 0;
}

/**
 * A leaf's text at `indent`: numbers, strings and arrays of numbers (most of the metrics) without
 * JSON.stringify's cost; plain loops, no closure per value (they are millions).
 */
function leaf(value: unknown, indent: string): string {
  if (typeof value === 'number') return numberText(value);
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value) && allNumbers(value)) {
    const inner = `,\n${indent}  `;
    let text = `[\n${indent}  ${numberText(value[0] as number)}`;
    for (let i = 1; i < value.length; i++) text += inner + numberText(value[i] as number);
    return `${text}\n${indent}]`;
  }
  const text = JSON.stringify(value, null, 2) ?? 'null';
  return indent === '' ? text : text.replaceAll('\n', `\n${indent}`);
}

/**
 * Adds the text of `value` at `indent` to `out`, its members split out `depth` levels down, and hands
 * on each piece as soon as it is full (a piece kept while the rest is made would only wait in memory).
 */
function* write(out: Pieces, value: unknown, indent: string, depth: number): Generator<Buffer> {
  if (depth === 0 || !isPlainObject(value)) {
    out.add(leaf(value, indent));
    return;
  }
  let first = true;
  for (const key of Object.keys(value)) {
    const member = value[key];
    // what JSON.stringify leaves out of an object: undefined, functions, symbols
    if (member === undefined || typeof member === 'function' || typeof member === 'symbol') continue;
    const name = `${first ? '{' : ','}\n${indent}  ${JSON.stringify(key)}: `;
    first = false;
    if (depth > 1 && isPlainObject(member)) {
      out.add(name);
      yield* write(out, member, `${indent}  `, depth - 1);
    } else out.add(name + leaf(member, `${indent}  `));
    if (out.done.length > 0) yield* out.done.splice(0);
  }
  out.add(first ? '{}' : `\n${indent}}`);
}

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
 * `JSON.stringify(value, null, 2)` followed by `end`, in UTF-8 pieces of up to a megabyte each: objects two
 * levels deep are written member by member (their members whole), each piece made as it is taken.
 */
export function* jsonPieces(value: unknown, end = ''): Generator<Buffer> {
  const out = new Pieces();
  yield* write(out, value, '', 2);
  out.add(end);
  out.flush();
  yield* out.done.splice(0);
}
