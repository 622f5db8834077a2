/** Escaping for every text that comes from the logs. One place, so no caller forgets a character. */

const HTML_ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Characters a page never shows: controls (but tab and line ends), XML non-characters, lone surrogates. */
const NOT_TEXT =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Text safe in HTML element content and in quoted attribute values, stripped of control characters. */
export function escapeHtml(text: string): string {
  return text.replace(NOT_TEXT, '').replace(/[&<>"']/g, (c) => HTML_ENTITIES[c] as string);
}

/** One line of text: newlines and other control characters become spaces. */
function oneLine(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f]+/g, ' ');
}

/**
 * Markdown inline text: every character that can start inline markup, raw HTML, an entity or a table
 * cell is backslash-escaped (CommonMark allows that for all ASCII punctuation). `_` between two
 * letters or digits cannot start emphasis, so `correct_mass` stays as the reference trainer writes it.
 */
const ALPHANUMERIC = /[\p{L}\p{N}]/u;

export function escapeMarkdown(text: string): string {
  return oneLine(text).replace(/[\\`*_[\]<>&|~!]/g, (c, offset: number, whole: string) =>
    c === '_' && ALPHANUMERIC.test(whole[offset - 1] ?? '') && ALPHANUMERIC.test(whole[offset + 1] ?? '')
      ? c
      : `\\${c}`,
  );
}

/**
 * A Markdown code span holding `text` verbatim: the fence is one backtick longer than the longest
 * run inside, padded with spaces when the text starts or ends with a backtick (CommonMark 6.1).
 * Inside a table cell `|` still splits cells, so it is written as `\|` (GFM removes the backslash).
 */
export function markdownCode(text: string, options: { inTable?: boolean } = {}): string {
  let body = oneLine(text);
  if (options.inTable) body = body.replace(/\|/g, '\\|');
  const longestRun = Math.max(0, ...(body.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longestRun + 1);
  // CommonMark strips one space from each end when both ends have one (and the span is not all
  // spaces), so pad then too, to keep the text as it is. An empty span cannot exist: one space.
  const pad =
    body.startsWith('`') ||
    body.endsWith('`') ||
    (body.startsWith(' ') && body.endsWith(' ') && body.trim() !== '')
      ? ' '
      : '';
  if (body === '') return '` `';
  return `${fence}${pad}${body}${pad}${fence}`;
}
