import assert from 'node:assert/strict';
import { aria, field, openForm, typeInto } from './lib/combobox.mjs';

// With nothing to show, the field says it is collapsed and the status line explains why.
export default async function ({ page, baseUrl }) {
  await openForm(page, baseUrl);
  await typeInto(page, 'To', 'zurich');
  const none = await aria(page, 'To');
  assert.equal(none.listboxShown, false, 'no listbox is shown');
  assert.equal(none.expanded, 'false', `aria-expanded with no matching airport (${JSON.stringify(none)})`);
  assert.equal(await page.locator('#to-status').textContent(), 'No airports match "zurich"');

  await field(page, 'To').fill('mu');
  const again = await aria(page, 'To');
  assert.equal(again.expanded, 'true', 'aria-expanded once airports match again');
  assert.deepEqual(again.options, ['Munich Franz Josef Strauss (MUC)']);
  assert.equal(await page.locator('#to-status').textContent(), '');
}
