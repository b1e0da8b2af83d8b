import assert from 'node:assert/strict';
import { BAKERY, withApi } from './lib/http.mjs';

// A key reused with different parameters is a client bug: 422, nothing runs, the first answer stays saved.
export default async function ({ workspace }) {
  await withApi(workspace, {}, async (api) => {
    const original = { amount: 2500, currency: 'usd', source: 'tok_visa', metadata: { order: 'A-17' } };
    const first = await api.post('/v1/charges', BAKERY, original, 'a5c1e0f2-retry');
    assert.equal(first.status, 201);

    for (const changed of [
      { ...original, amount: 4500 },
      { ...original, currency: 'eur' },
      { ...original, metadata: { order: 'A-18' } },
    ]) {
      const reused = await api.post('/v1/charges', BAKERY, changed, 'a5c1e0f2-retry');
      assert.equal(reused.status, 422, `key reused with ${JSON.stringify(changed)}: ${JSON.stringify(reused.body)}`);
      assert.equal(reused.body?.error?.type, 'idempotency_error');
    }

    const reordered = await api.post('/v1/charges', BAKERY, { metadata: { order: 'A-17' }, source: 'tok_visa', currency: 'usd', amount: 2500 }, 'a5c1e0f2-retry');
    assert.equal(reordered.status, 201, 'the same parameters in another key order are a retry');
    assert.equal(reordered.replayed, 'true');
    assert.equal(reordered.body.id, first.body.id);

    assert.deepEqual(await api.charges(BAKERY), [[2500, 'succeeded']], 'only the first request charged');
    assert.deepEqual(await api.balance(BAKERY), [{ currency: 'usd', amount: 2500 }]);
  });
}
