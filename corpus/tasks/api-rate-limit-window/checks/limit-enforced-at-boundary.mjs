import assert from 'node:assert/strict';
import { call, manualClock, withServer } from './lib/server.mjs';

// A client may make exactly `limit` requests per window; request limit+1 is refused.
export default async function ({ workspace }) {
  const clock = manualClock(1_700_000_000_000);
  const limit = 5;
  await withServer(workspace, { now: clock.now, rateLimit: { limit, windowMs: 60_000 } }, async (baseUrl) => {
    for (let i = 1; i <= limit; i += 1) {
      const res = await call(baseUrl, '/api/links/nope', { key: 'alpha' });
      assert.equal(res.status, 404, `request ${i} of ${limit} should be served (404 for an unknown code), got ${res.status}`);
      clock.advance(1_000);
    }
    const over = await call(baseUrl, '/api/links/nope', { key: 'alpha' });
    assert.equal(over.status, 429, `request ${limit + 1} with a limit of ${limit} should be refused with 429, got ${over.status}`);
    assert.equal(JSON.parse(over.text).error?.code, 'rate_limited');

    // The same boundary holds for a second client and for POSTs.
    for (let i = 1; i <= limit; i += 1) {
      const res = await call(baseUrl, '/api/links', { key: 'beta', method: 'POST', body: { url: `https://example.com/${i}` } });
      assert.equal(res.status, 201, `POST ${i} of ${limit} should succeed, got ${res.status}`);
    }
    const overPost = await call(baseUrl, '/api/links', { key: 'beta', method: 'POST', body: { url: 'https://example.com/x' } });
    assert.equal(overPost.status, 429, `POST ${limit + 1} should be refused with 429, got ${overPost.status}`);
  });
}
