import assert from 'node:assert/strict';
import { loadLibrary, deferred, settle, outcome } from './lib/load.mjs';

export default async function ({ workspace }) {
  const { createQueue } = await loadLibrary(workspace);
  const queue = createQueue({ concurrency: 3 });
  const slow = deferred();
  const failing = deferred();
  const fast = deferred();

  const results = [
    outcome(queue.add(() => slow.promise)),
    outcome(queue.add(() => failing.promise)),
    outcome(queue.add(() => fast.promise)),
  ];
  await settle();
  fast.resolve('fast');
  await settle();
  failing.reject(new Error('HTTP 502'));
  await settle();
  slow.resolve('slow');

  const [a, b, c] = await Promise.all(results);
  assert.deepEqual(a, { status: 'fulfilled', value: 'slow' }, 'first task');
  assert.equal(b.status, 'rejected', 'second task (the one that failed)');
  assert.equal(b.reason.message, 'HTTP 502');
  assert.deepEqual(c, { status: 'fulfilled', value: 'fast' }, 'third task');
  await queue.onIdle();
  assert.equal(queue.pending, 0);
}
