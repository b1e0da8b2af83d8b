import { escapeHtml } from './escape.js';
import { renderInline } from './inline.js';

const FENCE = /^```\s*([\w+-]*)\s*$/;
const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const QUOTE = /^>\s?/;
const BULLET = /^[-*]\s+/;
const NUMBERED = /^\d+[.)]\s+/;

function startsBlock(line) {
  return FENCE.test(line) || HEADING.test(line) || QUOTE.test(line) || BULLET.test(line) || NUMBERED.test(line);
}

function takeWhile(lines, start, predicate) {
  let end = start;
  while (end < lines.length && predicate(lines[end])) end += 1;
  return end;
}

/** Renders a markdown document (the subset described in the README) to HTML. */
export function renderMarkdown(source) {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const html = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (line.trim() === '') {
      i += 1;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const end = takeWhile(lines, i + 1, (l) => !FENCE.test(l));
      const language = fence[1] ? ` class="language-${escapeHtml(fence[1])}"` : '';
      html.push(`<pre><code${language}>${escapeHtml(lines.slice(i + 1, end).join('\n'))}</code></pre>`);
      i = end + 1;
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      const level = heading[1].length;
      html.push(`<h${level}>${renderInline(heading[2])}</h${level}>`);
      i += 1;
      continue;
    }
    if (QUOTE.test(line)) {
      const end = takeWhile(lines, i, (l) => QUOTE.test(l));
      html.push(`<blockquote>${renderMarkdown(lines.slice(i, end).map((l) => l.replace(QUOTE, '')).join('\n'))}</blockquote>`);
      i = end;
      continue;
    }
    if (BULLET.test(line) || NUMBERED.test(line)) {
      const marker = BULLET.test(line) ? BULLET : NUMBERED;
      const end = takeWhile(lines, i, (l) => marker.test(l));
      const items = lines.slice(i, end).map((l) => `<li>${renderInline(l.replace(marker, ''))}</li>`);
      const tag = marker === BULLET ? 'ul' : 'ol';
      html.push(`<${tag}>${items.join('')}</${tag}>`);
      i = end;
      continue;
    }
    const end = takeWhile(lines, i, (l) => l.trim() !== '' && !startsBlock(l));
    html.push(`<p>${renderInline(lines.slice(i, end).join('\n'))}</p>`);
    i = end;
  }
  return html.join('\n');
}
