import assert from 'node:assert/strict';
import { customer, getJson, stockOf, withServer } from './lib/http.mjs';
import { assertRejected } from './lib/rejects.mjs';

// Quantities outside 1..99 are refused; a negative quantity must never add stock back.
export default async function ({ workspace }) {
  await withServer(workspace, async (baseUrl) => {
    for (const quantity of [-3, 0, 100]) {
      await assertRejected(baseUrl, '/orders', { customer, items: [{ sku: 'POT-CAST', quantity }] }, ['items[0].quantity'], `quantity ${quantity}`);
    }
    assert.equal(await stockOf(baseUrl, 'POT-CAST'), 5, 'POT-CAST stock after refused orders');
    const none = await getJson(baseUrl, '/orders/ord_0001');
    assert.equal(none.status, 404, 'no order was stored');
  });
}
