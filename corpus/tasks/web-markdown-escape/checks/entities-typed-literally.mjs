import assert from 'node:assert/strict';
import { openApp, previewTexts, writeNote } from './lib/app.mjs';

// Entity-like text and &, <, > in ordinary prose and headings appear as typed.
export default async function ({ page, baseUrl }) {
  await openApp(page, baseUrl);
  const paragraph = 'Type &lt; for <, &amp; for &, and &copy; is not ©.';
  const heading = 'Q&A: is 1 < 2 > 0?';
  await writeNote(page, `# ${heading}\n\n${paragraph}\n\n- Tom & Jerry's "show"`);

  assert.deepEqual(await previewTexts(page, 'h1'), [heading], 'heading');
  assert.deepEqual(await previewTexts(page, 'p'), [paragraph], 'paragraph');
  assert.deepEqual(await previewTexts(page, 'li'), ['Tom & Jerry\'s "show"'], 'list item');
}
