import assert from 'node:assert/strict';
import { call, manualClock, withServer } from './lib/server.mjs';

const START = 1_700_000_000_000;
const WINDOW = 60_000;
const LIMIT = 2;

/** Uses up the quota of `key` at the current time; returns the first refused response. */
async function exhaust(baseUrl, key) {
  for (let i = 0; i < LIMIT + 3; i += 1) {
    const res = await call(baseUrl, '/api/links/nope', { key });
    if (res.status === 429) return res;
  }
  assert.fail(`no 429 after ${LIMIT + 3} requests with a limit of ${LIMIT}`);
}

// A refused client that waits Retry-After seconds must get through, at any point in the window.
export default async function ({ workspace }) {
  const clock = manualClock(START);
  await withServer(workspace, { now: clock.now, rateLimit: { limit: LIMIT, windowMs: WINDOW } }, async (baseUrl) => {
    for (const [index, offset] of [100, 30_000, 40_700, 59_500].entries()) {
      const key = `client-${index}`;
      const opened = START + index * 1_000_000;
      clock.set(opened);
      await call(baseUrl, '/api/links/nope', { key });
      clock.set(opened + offset);
      const refused = await exhaust(baseUrl, key);
      const retryAfter = Number(refused.headers.get('retry-after'));
      assert.ok(Number.isInteger(retryAfter), `Retry-After should be whole seconds, got ${refused.headers.get('retry-after')}`);
      assert.ok(
        opened + offset + retryAfter * 1000 >= opened + WINDOW,
        `refused ${offset} ms into a ${WINDOW} ms window, Retry-After ${retryAfter}s points before the window ends`,
      );
      clock.set(opened + offset + retryAfter * 1000);
      const retried = await call(baseUrl, '/api/links/nope', { key });
      assert.equal(retried.status, 404, `a client that waited Retry-After (${retryAfter}s) should be served, got ${retried.status}`);
    }
  });
}
