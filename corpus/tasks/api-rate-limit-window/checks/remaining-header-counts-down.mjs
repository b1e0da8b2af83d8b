import assert from 'node:assert/strict';
import { call, manualClock, withServer } from './lib/server.mjs';

// X-RateLimit-Remaining says how many more requests fit in the window after this one.
export default async function ({ workspace }) {
  const clock = manualClock(1_700_000_000_000);
  const limit = 4;
  await withServer(workspace, { now: clock.now, rateLimit: { limit, windowMs: 30_000 } }, async (baseUrl) => {
    const seen = [];
    for (let i = 1; i <= limit; i += 1) {
      const res = await call(baseUrl, '/api/links/nope', { key: 'counter' });
      assert.notEqual(res.status, 429, `request ${i} of ${limit} must not be rate limited`);
      assert.equal(res.headers.get('x-ratelimit-limit'), String(limit));
      seen.push(res.headers.get('x-ratelimit-remaining'));
    }
    assert.deepEqual(seen, ['3', '2', '1', '0'], `X-RateLimit-Remaining over ${limit} requests with a limit of ${limit}`);
  });
}
