import assert from 'node:assert/strict';
import { expectMenu, openBoard, OPEN } from './lib/page.mjs';

const expanded = (page, id) => page.getAttribute(`#${id}`, 'aria-expanded');

// However a menu closes, its trigger stops saying aria-expanded="true".
export default async function ({ page, baseUrl }) {
  await openBoard(page, baseUrl);

  await page.click('#actions-button');
  await expectMenu(page, 'actions-button', OPEN('Rename board'), 'clicking Board actions');
  await page.mouse.click(20, 400);
  assert.equal(await page.isHidden('#actions-menu'), true, 'a click outside closes the menu');
  assert.equal(await expanded(page, 'actions-button'), 'false', 'aria-expanded after a click outside');

  await page.focus('#actions-button');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Tab');
  assert.equal(await page.isHidden('#actions-menu'), true, 'Tab closes the menu');
  assert.equal(await expanded(page, 'actions-button'), 'false', 'aria-expanded after Tab out of the menu');

  await page.click('#actions-button');
  await page.click('#card-trigger-c1');
  await expectMenu(page, 'card-trigger-c1', OPEN('Edit card'), 'clicking a card menu trigger while Board actions is open');
  assert.equal(await page.isHidden('#actions-menu'), true, 'only one menu is open');
  assert.equal(await expanded(page, 'actions-button'), 'false', 'the other trigger is no longer expanded');
  assert.equal(await page.locator('[aria-expanded="true"]').count(), 1, 'exactly one trigger is expanded');
}
