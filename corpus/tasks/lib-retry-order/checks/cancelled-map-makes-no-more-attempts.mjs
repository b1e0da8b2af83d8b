import assert from 'node:assert/strict';
import { loadLibrary, settle, outcome } from './lib/load.mjs';

export default async function ({ workspace }) {
  const { mapConcurrent } = await loadLibrary(workspace);
  const controller = new AbortController();
  const calls = [];
  const mapped = outcome(
    mapConcurrent(
      ['p1', 'p2', 'p3', 'p4'],
      async (photo) => {
        calls.push(photo);
        throw Object.assign(new Error('HTTP 503'), { status: 503 });
      },
      { concurrency: 2, retry: { retries: 3, minDelay: 60_000, jitter: false }, signal: controller.signal },
    ),
  );
  await settle(); // p1 and p2 failed once and are waiting to retry
  assert.deepEqual(calls, ['p1', 'p2']);
  controller.abort();
  const { status, reason } = await mapped;
  await settle();
  await settle();
  assert.equal(status, 'rejected');
  assert.equal(reason.name, 'AbortError', `rejected with ${reason}`);
  assert.deepEqual(calls, ['p1', 'p2'], 'after cancelling, nothing is attempted again and nothing new starts');
}
