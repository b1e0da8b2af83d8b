import assert from 'node:assert/strict';
import { add, assertQty, decrease, increase, openShop, totals } from './lib/shop.mjs';

// Subtotal, shipping and total follow quantity changes, including across the free-shipping threshold.
export default async function ({ page, baseUrl }) {
  await openShop(page, baseUrl);
  await add(page, 'Enamel mug');
  await add(page, 'Head torch');
  assert.deepEqual(await totals(page), { subtotal: '£40.00', shipping: '£4.95', total: '£44.95' }, 'one mug and one torch');

  await increase(page, 'Enamel mug');
  await assertQty(page, 'Enamel mug', 2);
  assert.deepEqual(await totals(page), { subtotal: '£52.00', shipping: 'Free', total: '£52.00' }, 'a second mug crosses the free-shipping threshold');
  await page.getByText('You get free shipping.').waitFor();

  await decrease(page, 'Enamel mug');
  await assertQty(page, 'Enamel mug', 1);
  assert.deepEqual(await totals(page), { subtotal: '£40.00', shipping: '£4.95', total: '£44.95' }, 'back to one mug');
  await page.getByText('Spend £10.00 more for free shipping.').waitFor();
}
