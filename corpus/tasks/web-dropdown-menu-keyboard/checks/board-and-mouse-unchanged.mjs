import assert from 'node:assert/strict';
import { openBoard } from './lib/page.mjs';

const column = (page, id) => page.$$eval(`[data-column="${id}"] [data-card] h3`, (titles) => titles.map((title) => title.textContent));

// Existing behaviour: the board renders, filters, and card menus work with the mouse.
export default async function ({ page, baseUrl }) {
  const errors = await openBoard(page, baseUrl);
  assert.deepEqual(await column(page, 'todo'), ['Audit log export', 'SSO for enterprise'], 'newest first');
  assert.deepEqual(await column(page, 'doing'), ['Dark mode', 'Bulk edit cards']);
  assert.equal(await page.getAttribute('#card-trigger-c4', 'aria-haspopup'), 'menu');
  assert.equal(await page.getAttribute('#card-trigger-c4', 'aria-label'), 'More actions for Dark mode');

  await page.click('#card-trigger-c4');
  assert.equal(await page.isVisible('#card-menu-c4'), true);
  assert.equal(await page.getAttribute('#card-trigger-c4', 'aria-expanded'), 'true');
  await page.click('#card-menu-c4 [data-action="advance"]');
  assert.deepEqual(await column(page, 'done'), ['Dark mode', 'Calendar view']);
  assert.equal(await page.textContent('#status'), 'Moved "Dark mode" to Done');

  await page.click('#card-trigger-c2');
  await page.click('#card-menu-c2 [data-action="delete"]');
  assert.deepEqual(await column(page, 'todo'), ['SSO for enterprise']);

  await page.fill('#filter', 'mode');
  assert.deepEqual(await column(page, 'done'), ['Dark mode']);
  assert.deepEqual(await column(page, 'todo'), []);
  await page.click('#share');
  assert.equal(await page.textContent('#status'), 'Link copied');
  assert.deepEqual(errors, [], 'no script errors');
}
