import assert from 'node:assert/strict';
import { aria, assertHighlighted, field, openForm, tripRoute, typeInto } from './lib/combobox.mjs';

// Changing the text drops the highlight, so aria-activedescendant never names a stale or missing option.
export default async function ({ page, baseUrl }) {
  await openForm(page, baseUrl);
  await typeInto(page, 'From', 'san');
  const input = field(page, 'From');
  for (let i = 0; i < 3; i += 1) await input.press('ArrowDown');
  await assertHighlighted(page, 'From', 'San Diego International (SAN)', 'third option after three ArrowDowns');

  await input.pressSequentially(' f');
  const narrowed = await aria(page, 'From');
  assert.deepEqual(narrowed.options, ['San Francisco International (SFO)']);
  assert.equal(narrowed.activeId, null, `aria-activedescendant after typing more (${JSON.stringify(narrowed)})`);
  await assertHighlighted(page, 'From', null, 'after typing more');

  await input.press('ArrowDown');
  await assertHighlighted(page, 'From', 'San Francisco International (SFO)', 'ArrowDown after the list changed');
  await input.press('Enter');
  assert.equal(await tripRoute(page), 'SFO → —');
}
