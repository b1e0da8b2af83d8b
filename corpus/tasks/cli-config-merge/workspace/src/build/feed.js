import { escapeXml } from '../render/escape.js';

/** An RSS 2.0 document for the given pages (already limited and sorted). */
export function renderFeed(pages, site) {
  const items = pages.map((page) => [
    '    <item>',
    `      <title>${escapeXml(page.title)}</title>`,
    `      <link>${escapeXml(`${site.baseUrl}${page.slug}/`)}</link>`,
    page.date ? `      <pubDate>${new Date(page.date).toUTCString()}</pubDate>` : null,
    '    </item>',
  ].filter(Boolean).join('\n'));
  return `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0">
  <channel>
    <title>${escapeXml(site.title)}</title>
    <link>${escapeXml(site.baseUrl)}</link>
${items.join('\n')}
  </channel>
</rss>
`;
}
