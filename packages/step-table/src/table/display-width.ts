import stringWidth from 'string-width';

/**
 * Display columns of a cell. Formatted numbers are printable ASCII, whose width is their length; only
 * other text pays for string-width (wide East Asian characters, emoji, combining marks like `e\u0301`).
 */
export function displayWidth(text: string): number {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c > 0x7e) return stringWidth(text);
  }
  return text.length;
}

const SPACES: string[] = [];
for (let i = 0; i <= 64; i++) SPACES.push(' '.repeat(i));

export function spaces(n: number): string {
  return n <= 0 ? '' : n <= 64 ? SPACES[n]! : ' '.repeat(n);
}

export type CellAlign = 'left' | 'right' | 'center';

/** Pads `text` (of display width `width`) to `target` columns; never cuts. */
export function pad(text: string, width: number, target: number, align: CellAlign): string {
  const gap = target - width;
  if (gap <= 0) return text;
  if (align === 'right') return spaces(gap) + text;
  if (align === 'left') return text + spaces(gap);
  const left = gap >> 1;
  return spaces(left) + text + spaces(gap - left);
}
