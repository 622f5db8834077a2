// The frame every page of the report shares: the document with its one stylesheet, and its sections.
import { escapeHtml as e } from './escape.js';
import { PAGE_CSS } from './style.js';

/** A whole page: `body` inside <main>, `scripts` (the charts' assets) before the end of <body>. */
export function htmlDocument(page: { title: string; body: string; scripts?: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${e(page.title)}</title>
<style>${PAGE_CSS}</style>
</head>
<body><main>
${page.body}
</main>${page.scripts ?? ''}</body>
</html>
`;
}

/** A section with its heading (HTML), or nothing when it has no body. */
export const section = (id: string, title: string, body: string): string =>
  body ? `<section id="${id}"><h2>${title}</h2>\n${body}\n</section>` : '';

/** A section folded under its heading: details the reader opens, below the verdict. */
export const foldedSection = (id: string, title: string, body: string): string =>
  body
    ? `<section id="${id}"><details><summary><h2>${title}</h2></summary>\n${body}\n</details></section>`
    : '';
