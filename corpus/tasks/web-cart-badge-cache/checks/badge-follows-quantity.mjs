import { add, assertBadge, assertQty, decrease, increase, openShop } from './lib/shop.mjs';

// The header badge counts units, so it follows every quantity change, not only new or removed lines.
export default async function ({ page, baseUrl }) {
  await openShop(page, baseUrl);
  await add(page, 'Enamel mug');
  await add(page, 'Camp stove');
  await assertBadge(page, 2, 'after adding two products');

  await add(page, 'Enamel mug');
  await assertQty(page, 'Enamel mug', 2);
  await assertBadge(page, 3, 'after adding a second mug');

  await decrease(page, 'Enamel mug');
  await assertQty(page, 'Enamel mug', 1);
  await assertBadge(page, 2, 'after removing one mug with −');

  await increase(page, 'Camp stove');
  await increase(page, 'Camp stove');
  await assertBadge(page, 4, 'after two more stoves with +');
}
