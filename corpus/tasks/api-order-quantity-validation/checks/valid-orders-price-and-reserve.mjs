import assert from 'node:assert/strict';
import { customer, getJson, postJson, stockOf, withServer } from './lib/http.mjs';

// Existing behaviour: valid baskets are priced, merged, reserved and stored; scanner SKUs are normalized.
export default async function ({ workspace }) {
  await withServer(workspace, async (baseUrl) => {
    const items = [{ sku: ' mug-clay ', quantity: 2 }, { sku: 'TEA-SENCHA', quantity: 1 }, { sku: 'MUG-CLAY', quantity: 1 }];
    const quote = await postJson(baseUrl, '/orders/quote', { items });
    assert.equal(quote.status, 200, `quote: ${JSON.stringify(quote.body)}`);
    assert.deepEqual(quote.body.lines, [
      { sku: 'MUG-CLAY', name: 'Clay mug', quantity: 3, unitPrice: 1800, lineTotal: 5400 },
      { sku: 'TEA-SENCHA', name: 'Sencha loose leaf 100 g', quantity: 1, unitPrice: 1290, lineTotal: 1290 },
    ]);
    assert.deepEqual([quote.body.subtotal, quote.body.shipping, quote.body.total], [6690, 0, 6690]);
    assert.equal(await stockOf(baseUrl, 'MUG-CLAY'), 40, 'a quote reserves nothing');

    const placed = await postJson(baseUrl, '/orders', { customer, items });
    assert.equal(placed.status, 201, `order: ${JSON.stringify(placed.body)}`);
    assert.equal(placed.body.id, 'ord_0001');
    assert.equal(placed.headers.get('location'), '/orders/ord_0001');
    assert.equal(placed.body.status, 'placed');
    assert.deepEqual(placed.body.lines, quote.body.lines);
    assert.equal(placed.body.total, 6690);
    assert.equal(await stockOf(baseUrl, 'MUG-CLAY'), 37);
    assert.equal(await stockOf(baseUrl, 'TEA-SENCHA'), 59);

    const small = await postJson(baseUrl, '/orders', { customer, items: [{ sku: 'BRUSH-DISH', quantity: 99 }] });
    assert.equal(small.status, 201, `99 brushes: ${JSON.stringify(small.body)}`);
    assert.deepEqual([small.body.subtotal, small.body.shipping, small.body.total], [64350, 0, 64350]);
    const one = await postJson(baseUrl, '/orders', { customer, items: [{ sku: 'BRUSH-DISH', quantity: 1 }] });
    assert.deepEqual([one.body.subtotal, one.body.shipping, one.body.total], [650, 495, 1145]);

    const fetched = await getJson(baseUrl, '/orders/ord_0001');
    assert.equal(fetched.status, 200);
    assert.deepEqual(fetched.body, placed.body);

    const soldOut = await postJson(baseUrl, '/orders', { customer, items: [{ sku: 'CANDLE-PINE', quantity: 1 }] });
    assert.equal(soldOut.status, 409);
    assert.deepEqual(soldOut.body, { error: 'insufficient stock', sku: 'CANDLE-PINE' });
  });
}
