import assert from 'node:assert/strict';
import { openApp, previewTexts, writeNote } from './lib/app.mjs';

// Existing behaviour: the supported markdown renders as before, unsafe links are not links.
export default async function ({ page, baseUrl }) {
  await openApp(page, baseUrl);
  await writeNote(page, [
    '# Title *with* emphasis',
    '',
    'Some **bold**, *italic*, ~~gone~~ and [docs](https://example.com/search?q=a&page=2).',
    'Also [not a link](javascript:void0) here.',
    '',
    '- one',
    '- `*literal*` two',
    '',
    '1. first',
    '2. second',
    '',
    '> quoted **text**',
  ].join('\n'));

  assert.deepEqual(await previewTexts(page, 'h1 > em'), ['with']);
  assert.deepEqual(await previewTexts(page, '> p > strong'), ['bold']);
  assert.deepEqual(await previewTexts(page, '> p > em'), ['italic']);
  assert.deepEqual(await previewTexts(page, '> p > del'), ['gone']);
  const links = await page.$$eval('#preview a', (as) => as.map((a) => ({ href: a.getAttribute('href'), text: a.textContent, rel: a.rel })));
  assert.deepEqual(links, [{ href: 'https://example.com/search?q=a&page=2', text: 'docs', rel: 'noopener noreferrer' }]);
  assert.match((await previewTexts(page, 'p'))[0], /Also not a link here\.$/);
  assert.deepEqual(await previewTexts(page, 'ul > li'), ['one', '*literal* two']);
  assert.deepEqual(await previewTexts(page, 'ul > li > code'), ['*literal*'], 'no emphasis inside code');
  assert.deepEqual(await previewTexts(page, 'ol > li'), ['first', 'second']);
  assert.deepEqual(await previewTexts(page, 'blockquote strong'), ['text']);
}
