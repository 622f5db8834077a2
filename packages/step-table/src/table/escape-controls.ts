/**
 * Text from a log shown on a terminal: control characters are printed as escapes (`\x1b`, `\n`, `\x9b`),
 * so a cell cannot retitle the window, clear the screen or move the cursor, and a newline stays one line.
 * C0 and C1 controls, DEL, and the bidirectional overrides that reorder what a reader sees are escaped;
 * everything else (wide characters, emoji, accents) is shown as it is.
 */
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

export function escapeControls(text: string): string {
  CONTROLS.lastIndex = 0;
  if (!CONTROLS.test(text)) return text;
  return text.replace(CONTROLS, (c) => {
    const named = NAMED[c];
    if (named !== undefined) return named;
    const code = c.charCodeAt(0);
    return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16)}`;
  });
}
