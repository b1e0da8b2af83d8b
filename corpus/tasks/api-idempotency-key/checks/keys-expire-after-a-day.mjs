import assert from 'node:assert/strict';
import { BAKERY, HOUR, manualClock, withApi } from './lib/http.mjs';

// Existing behaviour: after 24 hours a key is forgotten and runs as a new request.
export default async function ({ workspace }) {
  const clock = manualClock();
  await withApi(workspace, { clock }, async (api) => {
    const first = await api.post('/v1/charges', BAKERY, { amount: 1500, currency: 'gbp', source: 'tok_visa' }, 'weekly-box');
    assert.equal(first.status, 201);
    assert.equal(first.body.created, Math.floor(clock.now() / 1000), 'created comes from the server clock');

    clock.advance(24 * HOUR + 1000);
    const later = await api.post('/v1/charges', BAKERY, { amount: 1700, currency: 'gbp', source: 'tok_visa' }, 'weekly-box');
    assert.equal(later.status, 201, `a day later the key is free again: ${JSON.stringify(later.body)}`);
    assert.equal(later.replayed, null);
    assert.equal(later.body.amount, 1700);
    assert.deepEqual(await api.charges(BAKERY), [[1500, 'succeeded'], [1700, 'succeeded']]);
  });
}
