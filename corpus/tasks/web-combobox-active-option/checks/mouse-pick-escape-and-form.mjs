import assert from 'node:assert/strict';
import { aria, field, openForm, tripRoute, typeInto } from './lib/combobox.mjs';

// Existing behaviour: the combobox roles, clicking an option, Escape twice, and the search summary.
export default async function ({ page, baseUrl }) {
  await openForm(page, baseUrl);
  const initial = await aria(page, 'From');
  assert.equal(initial.expanded, 'false');
  assert.equal(initial.activeId, null);
  assert.equal(await field(page, 'From').getAttribute('aria-autocomplete'), 'list');
  assert.equal(await page.getByRole('listbox', { includeHidden: true, name: 'From' }).count(), 1);

  await typeInto(page, 'From', 'lhr');
  assert.deepEqual((await aria(page, 'From')).options, ['London Heathrow (LHR)']);
  assert.equal((await aria(page, 'From')).expanded, 'true');
  await page.getByRole('option', { name: 'London Heathrow (LHR)' }).click();
  assert.equal((await aria(page, 'From')).value, 'London Heathrow (LHR)');
  assert.equal((await aria(page, 'From')).expanded, 'false');

  await typeInto(page, 'To', 'lis');
  await page.getByRole('option', { name: 'Lisbon Humberto Delgado (LIS)' }).click();
  assert.equal(await tripRoute(page), 'LHR → LIS');

  const to = field(page, 'To');
  await to.fill('');
  await to.pressSequentially('dub');
  assert.equal((await aria(page, 'To')).expanded, 'true');
  await to.press('Escape');
  assert.equal((await aria(page, 'To')).expanded, 'false', 'first Escape closes');
  assert.equal((await aria(page, 'To')).value, 'dub', 'first Escape keeps the text');
  await to.press('Escape');
  assert.equal((await aria(page, 'To')).value, '', 'second Escape clears the field');
  assert.equal(await tripRoute(page), 'LHR → —');

  await page.getByRole('button', { name: 'Search flights' }).click();
  assert.equal((await page.locator('.trip-searching').textContent()).trim(), 'Searching flights LHR → —…');
}
