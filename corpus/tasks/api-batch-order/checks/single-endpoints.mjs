import assert from 'node:assert/strict';
import { scriptedWarehouse, withServer } from './lib/server.mjs';

// Existing behaviour of the standalone endpoints the batch reuses.
export default async function ({ workspace }) {
  const warehouse = scriptedWarehouse({ levels: { 'SKU-100-M': 3, 'SKU-400-L': 0 }, failing: ['SKU-300-L'] });
  await withServer(workspace, { warehouse }, async (api) => {
    const tops = await api.request('GET', '/api/products?category=tops');
    assert.equal(tops.status, 200);
    assert.deepEqual(tops.body.products.map((p) => p.id), ['p-100', 'p-400']);

    assert.equal((await api.request('GET', '/api/products/p-999')).status, 404);
    assert.deepEqual((await api.request('GET', '/api/stock/SKU-100-M')).body, { sku: 'SKU-100-M', available: 3 });
    assert.equal((await api.request('GET', '/api/stock/NOPE')).status, 404);

    const down = await api.request('GET', '/api/stock/SKU-300-L');
    assert.equal(down.status, 502);
    assert.equal(down.body.error.code, 'upstream_unavailable');

    const quote = await api.request('POST', '/api/cart/quote', { items: [{ sku: 'SKU-100-M', qty: 2 }, { sku: 'SKU-400-L', qty: 1 }] });
    assert.equal(quote.status, 200);
    assert.equal(quote.body.total, 2 * 7900 + 6400);
    assert.deepEqual(quote.body.lines.map((l) => l.inStock), [true, false]);

    const bad = await api.request('POST', '/api/cart/quote', { items: [{ sku: 'SKU-100-M', qty: 0 }] });
    assert.equal(bad.status, 400);
    assert.equal((await api.request('DELETE', '/api/products/p-100')).status, 405);
  });
}
