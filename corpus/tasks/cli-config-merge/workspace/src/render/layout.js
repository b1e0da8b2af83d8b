import { escapeHtml } from './escape.js';

/** Wraps rendered page content in the site layout. */
export function renderLayout({ site, title, content, feedPath }) {
  const feedLink = feedPath
    ? `\n    <link rel="alternate" type="application/rss+xml" href="${escapeHtml(site.baseUrl + feedPath)}">`
    : '';
  return `<!doctype html>
<html lang="${escapeHtml(site.language)}">
  <head>
    <meta charset="utf-8">
    <title>${escapeHtml(title === site.title ? title : `${title} · ${site.title}`)}</title>
    <link rel="stylesheet" href="${escapeHtml(site.baseUrl)}style.css">${feedLink}
  </head>
  <body>
    <header><a href="${escapeHtml(site.baseUrl)}">${escapeHtml(site.title)}</a></header>
    <main>
${content}
    </main>
  </body>
</html>
`;
}
