import assert from 'node:assert/strict';
import { customer, stockOf, withServer } from './lib/http.mjs';
import { assertRejected } from './lib/rejects.mjs';

// Half a mug cannot be sold: 1.5 is a 422 on items[0].quantity, and no stock moves.
export default async function ({ workspace }) {
  await withServer(workspace, async (baseUrl) => {
    const before = await stockOf(baseUrl, 'MUG-CLAY');
    await assertRejected(baseUrl, '/orders', { customer, items: [{ sku: 'MUG-CLAY', quantity: 1.5 }] }, ['items[0].quantity'], 'quantity 1.5');
    await assertRejected(
      baseUrl,
      '/orders',
      { customer, items: [{ sku: 'TEA-SENCHA', quantity: 2 }, { sku: 'MUG-CLAY', quantity: 0.25 }] },
      ['items[1].quantity'],
      'quantity 0.25 on the second line',
    );
    assert.equal(await stockOf(baseUrl, 'MUG-CLAY'), before, 'MUG-CLAY stock after refused orders');
    assert.equal(await stockOf(baseUrl, 'TEA-SENCHA'), 60, 'TEA-SENCHA stock: nothing is reserved from an invalid order');
  });
}
