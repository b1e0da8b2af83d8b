import { escapeHtml } from '../render/escape.js';

function inline(text) {
  return escapeHtml(text)
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/\*([^*]+)\*/g, '<em>$1</em>')
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, '<a href="$2">$1</a>');
}

/** A small markdown subset: headings, paragraphs, lists, fenced code, inline marks. */
export function renderMarkdown(source) {
  const html = [];
  const blocks = source.replace(/\r\n/g, '\n').split(/\n{2,}/);
  for (const block of blocks) {
    const text = block.trim();
    if (text === '') continue;
    if (text.startsWith('```')) {
      const code = text.replace(/^```[^\n]*\n?/, '').replace(/\n?```$/, '');
      html.push(`<pre><code>${escapeHtml(code)}</code></pre>`);
    } else if (/^#{1,6} /.test(text)) {
      const level = text.indexOf(' ');
      html.push(`<h${level}>${inline(text.slice(level + 1))}</h${level}>`);
    } else if (/^[-*] /.test(text)) {
      const items = text.split('\n').map((line) => `<li>${inline(line.replace(/^[-*] /, ''))}</li>`);
      html.push(`<ul>${items.join('')}</ul>`);
    } else {
      html.push(`<p>${inline(text.replace(/\n/g, ' '))}</p>`);
    }
  }
  return html.join('\n');
}
