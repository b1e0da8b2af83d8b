import assert from 'node:assert/strict';
import { BAKERY, HOUR, MINUTE, manualClock, withApi } from './lib/http.mjs';

// Saved responses live for 24 hours: a client retrying after a backoff must not charge twice.
export default async function ({ workspace }) {
  const clock = manualClock();
  await withApi(workspace, { clock }, async (api) => {
    const body = { amount: 3150, currency: 'eur', source: 'tok_visa', description: 'Sourdough subscription' };
    const first = await api.post('/v1/charges', BAKERY, body, 'sub-2025-01-15');
    assert.equal(first.status, 201);

    for (const [wait, label] of [
      [2 * MINUTE, '2 minutes'],
      [6 * HOUR, '6 hours'],
      [17 * HOUR + 57 * MINUTE, '23 hours 59 minutes'],
    ]) {
      clock.advance(wait);
      const retry = await api.post('/v1/charges', BAKERY, body, 'sub-2025-01-15');
      assert.equal(retry.replayed, 'true', `a retry ${label} after the first request is a replay`);
      assert.deepEqual(retry.body, first.body, `a retry ${label} later gets the first answer`);
    }
    assert.deepEqual(await api.charges(BAKERY), [[3150, 'succeeded']], 'charged once');
    assert.deepEqual(await api.balance(BAKERY), [{ currency: 'eur', amount: 3150 }]);
  });
}
