import assert from 'node:assert/strict';
import { openApp, previewTexts, writeNote } from './lib/app.mjs';

// Characters inside code spans and code blocks are shown exactly as written.
export default async function ({ page, baseUrl }) {
  await openApp(page, baseUrl);
  const block = 'if (x < 1 && y > 2) {\n  return "<ok>";\n}';
  await writeNote(page, ['Compare `a < b && c > d` with `"double" \'single\'`.', '', '```js', block, '```'].join('\n'));

  assert.deepEqual(
    await previewTexts(page, 'p > code'),
    ['a < b && c > d', '"double" \'single\''],
    'inline code spans',
  );
  assert.deepEqual(await previewTexts(page, 'pre > code'), [block], 'fenced code block');
  assert.equal(await page.getAttribute('#preview pre > code', 'class'), 'language-js');
}
