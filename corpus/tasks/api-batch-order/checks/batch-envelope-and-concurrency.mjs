import assert from 'node:assert/strict';
import { describe, scriptedWarehouse, withServer } from './lib/server.mjs';

// Existing behaviour: sub-requests run concurrently but at most 4 at a time; bad envelopes are a 400.
export default async function ({ workspace }) {
  const skus = ['SKU-100-S', 'SKU-100-M', 'SKU-100-L', 'SKU-200-NAT', 'SKU-300-M', 'SKU-300-L', 'SKU-400-M', 'SKU-400-L'];
  const levels = Object.fromEntries(skus.map((sku, i) => [sku, i]));
  const warehouse = scriptedWarehouse({ levels, turns: Object.fromEntries(skus.map((sku) => [sku, 4])) });
  await withServer(workspace, { warehouse }, async (api) => {
    const result = await api.batch(skus.map((sku) => ({ id: sku, method: 'GET', path: `/api/stock/${sku}` })));
    assert.equal(result.status, 200, describe(result));
    const answers = Object.fromEntries(result.body.responses.map((r) => [r.id, r.body.available]));
    assert.deepEqual(answers, levels, 'every stock lookup answered');
    assert.ok(warehouse.maxInFlight <= 4, `at most 4 sub-requests at a time, saw ${warehouse.maxInFlight}`);
    assert.ok(warehouse.maxInFlight >= 2, `sub-requests run concurrently, saw ${warehouse.maxInFlight} at a time`);

    const tooMany = await api.batch(Array.from({ length: 21 }, (_, i) => ({ id: `x${i}`, method: 'GET', path: '/api/products' })));
    assert.equal(tooMany.status, 400);
    assert.equal(tooMany.body.error.code, 'invalid_batch');

    const duplicate = await api.batch([{ id: 'a', method: 'GET', path: '/api/products' }, { id: 'a', method: 'GET', path: '/api/products' }]);
    assert.equal(duplicate.status, 400);

    const empty = await api.request('POST', '/api/batch', { requests: [] });
    assert.equal(empty.status, 400);

    const garbage = await api.request('POST', '/api/batch', '{"requests": [');
    assert.equal(garbage.status, 400);
    assert.equal(garbage.body.error.code, 'invalid_json');
  });
}
