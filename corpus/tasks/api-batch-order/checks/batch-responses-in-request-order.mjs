import assert from 'node:assert/strict';
import { describe, scriptedWarehouse, withServer } from './lib/server.mjs';

const levels = { 'SKU-100-M': 7, 'SKU-300-L': 2, 'SKU-200-NAT': 40, 'SKU-400-M': 0, 'SKU-100-S': 3, 'SKU-100-L': 1, 'SKU-300-M': 9, 'SKU-400-L': 5 };

// responses[i] answers requests[i], even when later sub-requests finish first.
export default async function ({ workspace }) {
  const warehouse = scriptedWarehouse({ levels, turns: { 'SKU-100-M': 8, 'SKU-300-L': 3 } });
  await withServer(workspace, { warehouse }, async (api) => {
    const requests = [
      { id: 'slow', method: 'GET', path: '/api/stock/SKU-100-M' },
      { id: 'hero', method: 'GET', path: '/api/products/p-200' },
      { id: 'medium', method: 'GET', path: '/api/stock/SKU-300-L' },
      { id: 'quote', method: 'POST', path: '/api/cart/quote', body: { items: [{ sku: 'SKU-200-NAT', qty: 2 }] } },
    ];
    const result = await api.batch(requests);
    assert.equal(result.status, 200, describe(result));
    assert.deepEqual(result.body.responses.map((r) => r.id), requests.map((r) => r.id), 'response ids in request order');

    for (const [i, request] of requests.entries()) {
      const alone = await api.request(request.method, request.path, request.body);
      assert.deepEqual(
        { status: result.body.responses[i].status, body: result.body.responses[i].body },
        { status: alone.status, body: alone.body },
        `responses[${i}] (${request.id}) matches the standalone request`,
      );
    }

    // Eight stock lookups that finish in reverse order.
    const skus = Object.keys(levels);
    const reverse = scriptedWarehouse({ levels, turns: Object.fromEntries(skus.map((sku, i) => [sku, (skus.length - i) * 2])) });
    await withServer(workspace, { warehouse: reverse }, async (api2) => {
      const many = skus.map((sku, i) => ({ id: `r${(i * 5) % 8}`, method: 'GET', path: `/api/stock/${sku}` }));
      const answer = await api2.batch(many);
      assert.equal(answer.status, 200, describe(answer));
      assert.deepEqual(answer.body.responses.map((r) => r.id), many.map((r) => r.id), 'ids in request order');
      assert.deepEqual(answer.body.responses.map((r) => r.body.sku), skus, 'each entry answers its own SKU');
    });
  });
}
