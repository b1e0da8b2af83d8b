import assert from 'node:assert/strict';
import { aria, field, openForm, tripRoute, typeInto } from './lib/combobox.mjs';

// Enter picks the option that is highlighted in the shown list, not whatever sits at that position overall.
export default async function ({ page, baseUrl }) {
  await openForm(page, baseUrl);
  await typeInto(page, 'From', 'par');
  const from = field(page, 'From');
  await from.press('ArrowDown');
  await from.press('ArrowDown');
  await from.press('Enter');
  const picked = await aria(page, 'From');
  assert.equal(picked.value, 'Paris Orly (ORY)', 'the From field shows the picked airport');
  assert.equal(picked.expanded, 'false', 'the list is closed after Enter');
  assert.equal(picked.activeId, null, 'no active descendant once the list is closed');

  await typeInto(page, 'To', 'new');
  const to = field(page, 'To');
  await to.press('ArrowDown');
  await to.press('ArrowDown');
  await to.press('Enter');
  assert.equal((await aria(page, 'To')).value, 'Newark Liberty (EWR)');
  assert.equal(await tripRoute(page), 'ORY → EWR');
}
