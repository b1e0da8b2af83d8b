import assert from 'node:assert/strict';
import { CLOSED_ON_TRIGGER, OPEN, expectMenu, openBoard } from './lib/page.mjs';

const cardOrder = (page, column) => page.$$eval(`[data-column="${column}"] [data-card]`, (cards) => cards.map((card) => card.dataset.card));

// Opening the Sort menu puts focus on its options, so they can be chosen from the keyboard.
export default async function ({ page, baseUrl }) {
  await openBoard(page, baseUrl);
  await page.focus('#sort-button');
  await page.keyboard.press('Enter');
  await expectMenu(page, 'sort-button', OPEN('Newest first'), 'Enter on Sort');

  await page.keyboard.press('ArrowDown');
  await expectMenu(page, 'sort-button', OPEN('Oldest first'), 'ArrowDown in the Sort menu');
  await page.keyboard.press('End');
  await expectMenu(page, 'sort-button', OPEN('Due date'), 'End');
  await page.keyboard.press('ArrowDown');
  await expectMenu(page, 'sort-button', OPEN('Newest first'), 'ArrowDown wraps to the first option');
  await page.keyboard.press('t');
  await expectMenu(page, 'sort-button', OPEN('Title A–Z'), 'type-ahead "t"');

  await page.keyboard.press('Enter');
  await expectMenu(page, 'sort-button', CLOSED_ON_TRIGGER, 'choosing an option');
  assert.equal(await page.textContent('[data-sort-label]'), 'Title A–Z');
  assert.equal(await page.getAttribute('[data-sort="title"]', 'aria-checked'), 'true');
  assert.deepEqual(await cardOrder(page, 'todo'), ['c2', 'c1'], 'To do sorted by title');

  await page.click('#sort-button');
  await expectMenu(page, 'sort-button', OPEN('Newest first'), 'clicking Sort');
  await page.keyboard.press('ArrowUp');
  await expectMenu(page, 'sort-button', OPEN('Due date'), 'ArrowUp wraps to the last option');
}
