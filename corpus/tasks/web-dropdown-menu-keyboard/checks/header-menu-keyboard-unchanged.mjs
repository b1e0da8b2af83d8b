import assert from 'node:assert/strict';
import { CLOSED_ON_TRIGGER, OPEN, expectMenu, openBoard } from './lib/page.mjs';

// Existing behaviour: the Board actions menu with keyboard and mouse.
export default async function ({ page, baseUrl }) {
  const errors = await openBoard(page, baseUrl);
  const id = 'actions-button';

  await page.focus('#actions-button');
  await page.keyboard.press('Enter');
  await expectMenu(page, id, OPEN('Rename board'), 'Enter on Board actions');
  await page.keyboard.press('ArrowUp');
  await expectMenu(page, id, OPEN('Archive board'), 'ArrowUp wraps to the last item');
  await page.keyboard.press('ArrowDown');
  await expectMenu(page, id, OPEN('Rename board'), 'ArrowDown wraps to the first item');
  await page.keyboard.press('End');
  await page.keyboard.press('Home');
  await page.keyboard.press('e');
  await expectMenu(page, id, OPEN('Export as CSV'), 'type-ahead "e"');
  await page.keyboard.press('Escape');
  await expectMenu(page, id, CLOSED_ON_TRIGGER, 'Escape');

  await page.keyboard.press('Space');
  await expectMenu(page, id, OPEN('Rename board'), 'Space on Board actions');
  await page.keyboard.press('Escape');
  await page.keyboard.press('ArrowDown');
  await expectMenu(page, id, OPEN('Rename board'), 'ArrowDown on Board actions');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expectMenu(page, id, CLOSED_ON_TRIGGER, 'choosing Duplicate with Enter');
  assert.equal(await page.textContent('#status'), 'Board duplicated as "Q3 roadmap (copy)"');

  await page.click('#actions-button');
  await expectMenu(page, id, OPEN('Rename board'), 'click opens');
  await page.click('#actions-menu [data-action="archive"]');
  await expectMenu(page, id, CLOSED_ON_TRIGGER, 'clicking an item');
  assert.equal(await page.textContent('#status'), 'Board archived');
  await page.click('#actions-button');
  await page.click('#actions-button');
  await expectMenu(page, id, CLOSED_ON_TRIGGER, 'a second click on the trigger closes');

  const tabStops = await page.$$eval('#actions-menu [role="menuitem"]', (items) => items.filter((item) => item.tabIndex !== -1).length);
  assert.equal(tabStops, 0, 'menu items are not in the Tab order');
  assert.deepEqual(errors, [], 'no script errors');
}
