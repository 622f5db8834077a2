/** Longest text from the logs copied whole into the report; a 200 kB action name must not make a 1 MB page. */
export const MAX_TEXT_CHARS = 300;

/** `text`, or its first `max` characters and "… N more characters". */
export function capText(text: string, max = MAX_TEXT_CHARS): string {
  if (text.length <= max) return text;
  // never cut a surrogate pair in half
  const end = /[\ud800-\udbff]/.test(text[max - 1] ?? '') ? max - 1 : max;
  const more = text.length - end;
  return `${text.slice(0, end)}… ${more} more character${more === 1 ? '' : 's'}`;
}
