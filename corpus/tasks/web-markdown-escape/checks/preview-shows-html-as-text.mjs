import assert from 'node:assert/strict';
import { openApp, previewTags, previewTexts, writeNote } from './lib/app.mjs';

// HTML typed into a note is shown as text in the preview, never turned into elements or run.
export default async function ({ page, baseUrl }) {
  await openApp(page, baseUrl);
  const lines = [
    'Hello <b>world</b> and <img src="missing.png" onerror="window.__pwned = true">',
    '<script>window.__pwned = true</script>',
    'A <a href="https://evil.example">fake link</a> and <i>markup</i>',
  ];
  await writeNote(page, lines.join('\n\n'));

  assert.deepEqual(await previewTexts(page, 'p'), lines, 'each paragraph shows exactly what was typed');
  assert.deepEqual(await previewTags(page), ['p', 'p', 'p'], 'no elements other than the three paragraphs');
  assert.equal(await page.evaluate(() => window.__pwned ?? null), null, 'typed markup must not run script');
}
