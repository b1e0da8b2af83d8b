import { escapeHtml } from './escape.js';
import { isSafeHref } from './links.js';

const CODE_SPAN = /(`+)([\s\S]*?[^`])\1(?!`)/g;

/** Splits text into plain runs and code spans, so code is never formatted. */
function splitCodeSpans(text) {
  const parts = [];
  let last = 0;
  for (const match of text.matchAll(CODE_SPAN)) {
    if (match.index > last) parts.push({ code: false, text: text.slice(last, match.index) });
    parts.push({ code: true, text: match[2].replace(/^ (.*) $/s, '$1') });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ code: false, text: text.slice(last) });
  return parts;
}

function formatLinks(text) {
  return text.replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (whole, label, href) =>
    isSafeHref(href) ? `<a href="${href}" rel="noopener noreferrer" target="_blank">${label}</a>` : label,
  );
}

function formatEmphasis(text) {
  return text
    .replace(/\*\*(?=\S)([\s\S]*?\S)\*\*/g, '<strong>$1</strong>')
    .replace(/\*(?=[^\s*])([^*]*?[^\s*])\*/g, '<em>$1</em>')
    .replace(/~~(?=\S)([\s\S]*?\S)~~/g, '<del>$1</del>');
}

/** Renders inline markdown (code spans, links, emphasis) to HTML. */
export function renderInline(text) {
  return splitCodeSpans(text)
    .map((part) => (part.code ? `<code>${escapeHtml(part.text)}</code>` : formatEmphasis(formatLinks(part.text))))
    .join('');
}
