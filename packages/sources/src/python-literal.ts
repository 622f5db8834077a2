/**
 * A Python literal as `str()` of a dict prints it (`{'lr': 0.001, 'cuda': True, 'entity': None}`): what a
 * pandas `to_csv` of W&B's `run.summary._json_dict` and `run.config` leaves in a cell. Hand-written: no npm
 * package reads Python's repr, and its grammar here is dicts, lists, tuples, strings, numbers, True,
 * False, None, nan and inf. Returns undefined for any other text.
 */
export function parsePythonLiteral(text: string): unknown {
  let at = 0;
  const space = () => {
    while (at < text.length && /\s/.test(text[at] as string)) at++;
  };
  const fail = (): never => {
    throw new SyntaxError(`not a Python literal at ${at}`);
  };
  const value = (): unknown => {
    space();
    const c = text[at];
    if (c === '{') return collection('}', true);
    if (c === '[' || c === '(') return collection(c === '[' ? ']' : ')', false);
    if (c === "'" || c === '"') return string(c);
    const word = /^(True|False|None|-?inf|nan|-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)/.exec(
      text.slice(at),
    )?.[0];
    if (word === undefined) return fail();
    at += word.length;
    if (word === 'True' || word === 'False') return word === 'True';
    if (word === 'None') return null;
    if (word.endsWith('inf')) return word.startsWith('-') ? -Infinity : Infinity;
    return word === 'nan' ? Number.NaN : Number(word);
  };
  const string = (quote: string): string => {
    let out = '';
    for (at++; at < text.length && text[at] !== quote; at++) {
      if (text[at] !== '\\') out += text[at];
      else {
        const next = text[++at] as string;
        // repr's escapes: \n \t \r, \xhh, \uhhhh, \Uhhhhhhhh, and the character itself
        const hex = { x: 2, u: 4, U: 8 }[next];
        if (hex) {
          out += String.fromCodePoint(Number.parseInt(text.slice(at + 1, at + 1 + hex), 16));
          at += hex;
        } else out += next === 'n' ? '\n' : next === 't' ? '\t' : next === 'r' ? '\r' : next;
      }
    }
    if (text[at] !== quote) fail();
    at++;
    return out;
  };
  const collection = (close: string, dict: boolean): unknown => {
    at++;
    const items: unknown[] = [];
    const entries: [string, unknown][] = [];
    for (space(); text[at] !== close; space()) {
      if (dict) {
        const key = value();
        space();
        if (text[at++] !== ':') fail();
        entries.push([String(key), value()]);
      } else items.push(value());
      space();
      if (text[at] === ',') at++;
      else if (text[at] !== close) fail();
    }
    at++;
    return dict ? Object.fromEntries(entries) : items;
  };
  try {
    const out = value();
    space();
    return at === text.length ? out : undefined;
  } catch {
    return undefined;
  }
}
