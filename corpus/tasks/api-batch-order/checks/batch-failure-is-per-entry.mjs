import assert from 'node:assert/strict';
import { describe, scriptedWarehouse, withServer } from './lib/server.mjs';

const levels = { 'SKU-100-M': 7, 'SKU-300-M': 4, 'SKU-200-NAT': 40 };

// A warehouse outage fails only the sub-requests that needed it, with the status a standalone request gets.
export default async function ({ workspace }) {
  const warehouse = scriptedWarehouse({ levels, failing: ['SKU-300-M'], turns: { 'SKU-100-M': 2 } });
  await withServer(workspace, { warehouse }, async (api) => {
    const requests = [
      { id: 'product', method: 'GET', path: '/api/products/p-300' },
      { id: 'broken-stock', method: 'GET', path: '/api/stock/SKU-300-M' },
      { id: 'stock', method: 'GET', path: '/api/stock/SKU-100-M' },
      { id: 'broken-quote', method: 'POST', path: '/api/cart/quote', body: { items: [{ sku: 'SKU-300-M', qty: 1 }] } },
      { id: 'quote', method: 'POST', path: '/api/cart/quote', body: { items: [{ sku: 'SKU-200-NAT', qty: 1 }] } },
    ];
    const result = await api.batch(requests);
    assert.equal(result.status, 200, `one failing sub-request must not fail the batch: ${describe(result)}`);
    assert.equal(result.body.responses.length, requests.length);

    const byId = new Map(result.body.responses.map((entry) => [entry.id, entry]));
    for (const request of requests) {
      const entry = byId.get(request.id);
      assert.ok(entry, `an entry for ${request.id}`);
      const alone = await api.request(request.method, request.path, request.body);
      assert.deepEqual({ status: entry.status, body: entry.body }, { status: alone.status, body: alone.body }, `${request.id} as in a standalone request`);
    }
    assert.equal(byId.get('broken-stock').status, 502);
    assert.equal(byId.get('broken-stock').body.error.code, 'upstream_unavailable');
    assert.equal(byId.get('broken-quote').status, 502);
    assert.equal(byId.get('stock').status, 200);
    assert.equal(byId.get('quote').status, 200);
  });
}
