import assert from 'node:assert/strict';
import { describe, scriptedWarehouse, withServer } from './lib/server.mjs';

// Rejected and missing sub-requests answer at their own position, between slower successful ones.
export default async function ({ workspace }) {
  const warehouse = scriptedWarehouse({ levels: { 'SKU-100-L': 1, 'SKU-400-M': 6 }, turns: { 'SKU-100-L': 6 } });
  await withServer(workspace, { warehouse }, async (api) => {
    const requests = [
      { id: 'stock-l', method: 'GET', path: '/api/stock/SKU-100-L' },
      { id: 'outside', method: 'GET', path: '/admin/users' },
      { id: 'nested', method: 'POST', path: '/api/batch', body: { requests: [] } },
      { id: 'delete', method: 'DELETE', path: '/api/products/p-100' },
      { id: 'missing', method: 'GET', path: '/api/products/p-999' },
      { id: 'stock-m', method: 'GET', path: '/api/stock/SKU-400-M' },
    ];
    const result = await api.batch(requests);
    assert.equal(result.status, 200, describe(result));
    assert.deepEqual(
      result.body.responses.map((r) => [r.id, r.status]),
      [['stock-l', 200], ['outside', 400], ['nested', 400], ['delete', 400], ['missing', 404], ['stock-m', 200]],
      'ids and statuses in request order',
    );
    assert.equal(result.body.responses[1].body.error.code, 'invalid_subrequest');
    assert.deepEqual(result.body.responses[0].body, { sku: 'SKU-100-L', available: 1 });
    assert.deepEqual(result.body.responses[5].body, { sku: 'SKU-400-M', available: 6 });
  });
}
