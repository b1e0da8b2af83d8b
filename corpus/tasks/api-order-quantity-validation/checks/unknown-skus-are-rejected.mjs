import assert from 'node:assert/strict';
import { customer, getJson, withServer } from './lib/http.mjs';
import { assertRejected } from './lib/rejects.mjs';

// An unknown SKU is a 422 on items[i].sku (not a free line), and all bad lines are named at once.
export default async function ({ workspace }) {
  await withServer(workspace, async (baseUrl) => {
    await assertRejected(baseUrl, '/orders', { customer, items: [{ sku: 'MUG-GLASS', quantity: 1 }] }, ['items[0].sku'], 'sku MUG-GLASS');
    await assertRejected(baseUrl, '/orders', { customer, items: [{ quantity: 1 }] }, ['items[0].sku'], 'a line without sku');

    const answer = await assertRejected(
      baseUrl,
      '/orders',
      { customer, items: [{ sku: 'MUG-CLAY', quantity: 1 }, { sku: 'TEA-EARLGREY', quantity: 1 }, { sku: 'TEA-SENCHA', quantity: 2.5 }] },
      ['items[1].sku', 'items[2].quantity'],
      'two bad lines in one order',
    );
    assert.equal(answer.fields['items[0].sku'], undefined, 'the valid first line is not named');
    assert.equal(answer.fields['items[0].quantity'], undefined, 'the valid first line is not named');
    assert.equal((await getJson(baseUrl, '/orders/ord_0001')).status, 404, 'no order was stored');
  });
}
