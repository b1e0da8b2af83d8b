import assert from 'node:assert/strict';
import { BAKERY, withApi } from './lib/http.mjs';

// Existing behaviour: a straight retry replays, declines are saved, validation failures are not, no key means no dedupe.
export default async function ({ workspace }) {
  await withApi(workspace, {}, async (api) => {
    const body = { amount: 1800, currency: 'usd', source: 'tok_visa' };
    const first = await api.post('/v1/charges', BAKERY, body, 'k-immediate');
    const retry = await api.post('/v1/charges', BAKERY, body, 'k-immediate');
    assert.equal(first.status, 201);
    assert.equal(first.replayed, null, 'a first request is not a replay');
    assert.equal(retry.status, 201);
    assert.equal(retry.replayed, 'true');
    assert.deepEqual(retry.body, first.body);

    const declined = { amount: 990, currency: 'usd', source: 'tok_insufficientFunds' };
    const d1 = await api.post('/v1/charges', BAKERY, declined, 'k-declined');
    const d2 = await api.post('/v1/charges', BAKERY, declined, 'k-declined');
    assert.equal(d1.status, 402);
    assert.equal(d1.body.error.decline_code, 'insufficient_funds');
    assert.equal(d2.status, 402, 'a declined charge is saved and replayed, not retried against the card');
    assert.equal(d2.replayed, 'true');
    assert.deepEqual(d2.body, d1.body);

    const invalid = await api.post('/v1/charges', BAKERY, { amount: 20, currency: 'usd', source: 'tok_visa' }, 'k-fixme');
    assert.equal(invalid.status, 400);
    assert.equal(invalid.body.error.param, 'amount');
    const fixed = await api.post('/v1/charges', BAKERY, { amount: 2000, currency: 'usd', source: 'tok_visa' }, 'k-fixme');
    assert.equal(fixed.status, 201, 'a key whose first request failed validation can be used for the corrected request');
    assert.equal(fixed.replayed, null);

    await api.post('/v1/charges', BAKERY, { amount: 700, currency: 'usd', source: 'tok_visa' });
    await api.post('/v1/charges', BAKERY, { amount: 700, currency: 'usd', source: 'tok_visa' });
    assert.deepEqual(
      await api.charges(BAKERY),
      [[1800, 'succeeded'], [990, 'failed'], [2000, 'succeeded'], [700, 'succeeded'], [700, 'succeeded']],
      'requests without a key are never deduplicated',
    );

    const refund = { charge: first.body.id, amount: 800 };
    const r1 = await api.post('/v1/refunds', BAKERY, refund, 'k-refund');
    const r2 = await api.post('/v1/refunds', BAKERY, refund, 'k-refund');
    assert.equal(r1.status, 201);
    assert.equal(r2.replayed, 'true');
    assert.equal(r2.body.id, r1.body.id);
    assert.deepEqual(await api.balance(BAKERY), [{ currency: 'usd', amount: 1800 + 2000 + 700 + 700 - 800 }]);

    const badKey = await api.post('/v1/charges', BAKERY, body, 'has space');
    assert.equal(badKey.status, 400);
  });
}
