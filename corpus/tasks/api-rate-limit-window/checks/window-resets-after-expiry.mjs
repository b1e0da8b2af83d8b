import assert from 'node:assert/strict';
import { call, manualClock, withServer } from './lib/server.mjs';

// Existing behaviour: windows are per client, last exactly windowMs, then a fresh quota opens.
export default async function ({ workspace }) {
  const start = 1_700_000_000_000;
  const clock = manualClock(start);
  const limit = 3;
  await withServer(workspace, { now: clock.now, rateLimit: { limit, windowMs: 10_000 } }, async (baseUrl) => {
    let refused;
    for (let i = 0; i < limit + 3 && !refused; i += 1) {
      const res = await call(baseUrl, '/api/links/nope', { key: 'busy' });
      if (res.status === 429) refused = res;
    }
    assert.ok(refused, 'a client over its quota should eventually be refused');
    assert.equal(refused.headers.get('x-ratelimit-reset'), String((start + 10_000) / 1000), 'X-RateLimit-Reset is the end of the window in epoch seconds');

    const other = await call(baseUrl, '/api/links/nope', { key: 'quiet' });
    assert.equal(other.status, 404, 'another client keeps its own quota');

    clock.set(start + 9_999);
    assert.equal((await call(baseUrl, '/api/links/nope', { key: 'busy' })).status, 429, 'still refused 1 ms before the window ends');

    clock.set(start + 10_000);
    const fresh = await call(baseUrl, '/api/links/nope', { key: 'busy' });
    assert.equal(fresh.status, 404, 'served again once the window has ended');
    assert.equal(fresh.headers.get('x-ratelimit-reset'), String((start + 20_000) / 1000), 'the new window ends windowMs later');

    const health = await call(baseUrl, '/health', { key: 'busy' });
    assert.equal(health.status, 200);
    assert.equal(health.headers.get('x-ratelimit-limit'), null, '/health is not rate limited');
  });
}
