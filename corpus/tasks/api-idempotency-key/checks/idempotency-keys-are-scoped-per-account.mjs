import assert from 'node:assert/strict';
import { BAKERY, CYCLES_NEW, CYCLES_OLD, FLORIST, withApi } from './lib/http.mjs';

// Two merchants using the same key (their own order number) are two different requests.
export default async function ({ workspace }) {
  await withApi(workspace, {}, async (api) => {
    const bakery = await api.post('/v1/charges', BAKERY, { amount: 5000, currency: 'usd', source: 'tok_visa', description: 'Wedding cake' }, 'order-1001');
    assert.equal(bakery.status, 201);

    const florist = await api.post('/v1/charges', FLORIST, { amount: 1200, currency: 'usd', source: 'tok_mastercard', description: 'Tulips' }, 'order-1001');
    assert.equal(florist.status, 201, `florist's first request with key order-1001: ${JSON.stringify(florist.body)}`);
    assert.equal(florist.replayed, null, "the florist's first request must not be a replay of another merchant's");
    assert.equal(florist.body.amount, 1200);
    assert.equal(florist.body.description, 'Tulips');
    assert.notEqual(florist.body.id, bakery.body.id);
    assert.deepEqual(await api.charges(FLORIST), [[1200, 'succeeded']], "florist's charges");
    assert.deepEqual(await api.charges(BAKERY), [[5000, 'succeeded']], "bakery's charges");

    const again = await api.post('/v1/charges', BAKERY, { amount: 5000, currency: 'usd', source: 'tok_visa', description: 'Wedding cake' }, 'order-1001');
    assert.equal(again.replayed, 'true', "the bakery's retry replays the bakery's charge");
    assert.equal(again.body.id, bakery.body.id);

    // One account, two valid secret keys (one rotated): still the same account, so still a retry.
    const first = await api.post('/v1/charges', CYCLES_NEW, { amount: 8900, currency: 'gbp', source: 'tok_visa' }, 'inv-77');
    const retry = await api.post('/v1/charges', CYCLES_OLD, { amount: 8900, currency: 'gbp', source: 'tok_visa' }, 'inv-77');
    assert.equal(first.status, 201);
    assert.equal(retry.replayed, 'true', 'a retry sent with the same account\'s other secret key is a replay');
    assert.equal(retry.body.id, first.body.id);
    assert.deepEqual(await api.charges(CYCLES_NEW), [[8900, 'succeeded']], 'the cycle shop is charged once');
  });
}
