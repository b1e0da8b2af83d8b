import assert from 'node:assert/strict';
import { loadLibrary } from './lib/load.mjs';

export default async function ({ workspace }) {
  const { retry, RetryError, backoffDelay, mapConcurrent } = await loadLibrary(workspace);

  let calls = 0;
  const seen = [];
  const value = await retry(
    async ({ attempt }) => {
      calls++;
      if (attempt < 3) throw new Error(`flaky ${attempt}`);
      return 'ok';
    },
    { retries: 3, minDelay: 1, jitter: false, onRetry: ({ attempt, delay }) => seen.push([attempt, delay]) },
  );
  assert.equal(value, 'ok');
  assert.equal(calls, 3);
  assert.deepEqual(seen, [[1, 1], [2, 2]]);

  const exhausted = await retry(
    async () => {
      throw new Error('down');
    },
    { retries: 2, minDelay: 1, jitter: false },
  ).catch((error) => error);
  assert.ok(exhausted instanceof RetryError);
  assert.equal(exhausted.errors.length, 3);

  let refused = 0;
  const notRetried = await retry(
    async () => {
      refused++;
      throw Object.assign(new Error('HTTP 404'), { status: 404 });
    },
    { retries: 5, minDelay: 1, shouldRetry: (error) => error.status >= 500 },
  ).catch((error) => error);
  assert.equal(refused, 1);
  assert.equal(notRetried.errors[0].message, 'HTTP 404');

  const early = new AbortController();
  early.abort();
  let ranAfterAbort = false;
  await assert.rejects(retry(async () => (ranAfterAbort = true), { signal: early.signal }), { name: 'AbortError' });
  assert.equal(ranAfterAbort, false);

  assert.equal(backoffDelay(1, { minDelay: 100, jitter: false }), 100);
  assert.equal(backoffDelay(4, { minDelay: 100, jitter: false }), 800);
  assert.equal(backoffDelay(20, { minDelay: 100, maxDelay: 5000, jitter: false }), 5000);
  assert.equal(backoffDelay(2, { minDelay: 100, random: () => 0 }), 100);

  let tries = 0;
  const retried = await mapConcurrent(['x', 'y'], async (item) => {
    tries++;
    if (item === 'y' && tries < 4) throw new Error('flaky');
    return item.toUpperCase();
  }, { concurrency: 1, retry: { retries: 3, minDelay: 1, jitter: false } });
  assert.deepEqual(retried, ['X', 'Y']);
}
