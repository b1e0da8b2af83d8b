import { escapeHtml } from './escape.js';

/** The home page: a list of every page, newest first. */
export function renderIndex(pages, site) {
  const items = pages.map(
    (page) => `<li><a href="${escapeHtml(site.baseUrl + page.slug)}/">${escapeHtml(page.title)}</a>${page.date ? ` <time>${escapeHtml(page.date)}</time>` : ''}</li>`,
  );
  return `<h1>${escapeHtml(site.title)}</h1>\n<ul class="posts">${items.join('\n')}</ul>`;
}
