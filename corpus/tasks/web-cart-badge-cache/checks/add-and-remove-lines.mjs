import assert from 'node:assert/strict';
import { add, assertBadge, openShop, removeLine, totals } from './lib/shop.mjs';

// Existing behaviour: adding different products and removing whole lines update badge and totals.
export default async function ({ page, baseUrl }) {
  await openShop(page, baseUrl);
  await assertBadge(page, 0, 'on an empty cart');
  await page.getByText('Your cart is empty.').waitFor();

  await add(page, 'Titanium spork');
  await assertBadge(page, 1, 'after one product');
  assert.deepEqual(await totals(page), { subtotal: '£9.50', shipping: '£4.95', total: '£14.45' });

  await add(page, 'Camp stove');
  await add(page, 'Water filter');
  await assertBadge(page, 3, 'after three different products');
  assert.deepEqual(await totals(page), { subtotal: '£88.50', shipping: 'Free', total: '£88.50' });

  await removeLine(page, 'Camp stove');
  await assertBadge(page, 2, 'after removing the stove line');
  assert.deepEqual(await totals(page), { subtotal: '£43.50', shipping: '£4.95', total: '£48.45' });
  assert.deepEqual(await page.locator('.cart-line > span:first-child').allTextContents(), ['Titanium spork', 'Water filter']);

  await removeLine(page, 'Titanium spork');
  await removeLine(page, 'Water filter');
  await assertBadge(page, 0, 'after emptying the cart');
  await page.getByText('Your cart is empty.').waitFor();
}
