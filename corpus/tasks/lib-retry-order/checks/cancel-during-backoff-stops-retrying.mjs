import assert from 'node:assert/strict';
import { loadLibrary, settle, outcome } from './lib/load.mjs';

export default async function ({ workspace }) {
  const { retry } = await loadLibrary(workspace);

  const controller = new AbortController();
  const cancelled = new Error('user cancelled the upload');
  let attempts = 0;
  const result = outcome(
    retry(
      async () => {
        attempts++;
        throw new Error('HTTP 503');
      },
      { retries: 5, minDelay: 60_000, jitter: false, signal: controller.signal },
    ),
  );
  await settle(); // attempt 1 has failed; retry now waits a minute before attempt 2
  assert.equal(attempts, 1);
  controller.abort(cancelled);
  const { status, reason } = await result;
  await settle();
  assert.equal(status, 'rejected');
  assert.equal(attempts, 1, 'no attempt may start after the signal aborted');
  assert.equal(reason, cancelled, 'the retry rejects with the abort reason');
}
