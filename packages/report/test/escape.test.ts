import fc from 'fast-check';
import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { escapeHtml, escapeMarkdown, markdownCode } from '../src/page/escape.js';

// A CommonMark + GFM-tables renderer that lets raw HTML through, as GitHub and model hubs do
// (before their sanitisers): anything that comes out as a tag was not escaped.
const md = new MarkdownIt({ html: true, linkify: false });

const decode = (html: string): string =>
  html
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** Text rendered as one paragraph, with the wrapping <p> removed. */
const inline = (markdown: string): string => md.renderInline(markdown);

// Log text: printable characters, with the ones that matter for markup much more likely.
const logText = fc.string({
  unit: fc.oneof(
    fc.constantFrom(...'<>&"\'`*_[]()!|~\\#-+.:/ '.split('')),
    fc.constantFrom('<script>', '</b>', '&amp;', '**', '__', '![x](y)', '[a](javascript:x)', 'a_b'),
    fc.string({ minLength: 1, maxLength: 1 }),
  ),
  maxLength: 40,
});
const oneLine = (s: string) => s.replace(/[\u0000-\u001f\u007f]+/g, ' ');

describe('escapeHtml', () => {
  it('leaves no markup character and decodes back to the text', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const escaped = escapeHtml(text);
        expect(escaped).not.toMatch(/[<>"']/);
        expect(decode(escaped)).toBe(text);
      }),
    );
  });
});

describe('escapeMarkdown', () => {
  it('renders as exactly the text, never as markup', () => {
    fc.assert(
      fc.property(logText, (text) => {
        const html = inline(escapeMarkdown(text));
        expect(html).not.toMatch(/<(?!br)[a-z/]/i); // no element at all
        expect(decode(html)).toBe(oneLine(text));
      }),
      { numRuns: 500 },
    );
  });

  it('keeps a table cell one cell', () => {
    fc.assert(
      fc.property(logText, (text) => {
        const table = md.render(`| a | b |\n|---|---|\n| ${escapeMarkdown(text)} | end |\n`);
        expect(table.match(/<td>/g)?.length).toBe(2);
        expect(table).toContain('<td>end</td>');
      }),
      { numRuns: 300 },
    );
  });
});

describe('markdownCode', () => {
  it('shows the text verbatim in one code span, also inside a table cell', () => {
    fc.assert(
      fc.property(logText, (text) => {
        const html = inline(markdownCode(text));
        const expected = oneLine(text);
        expect(html).toMatch(/^<code>[\s\S]*<\/code>$/);
        expect(decode(html.slice('<code>'.length, -'</code>'.length))).toBe(expected === '' ? ' ' : expected);
        const table = md.render(`| a | b |\n|---|---|\n| ${markdownCode(text, { inTable: true })} | end |\n`);
        expect(table.match(/<td>/g)?.length).toBe(2);
      }),
      { numRuns: 500 },
    );
  });
});
