import assert from 'node:assert/strict';
import { loadLibrary, deferred, settle, outcome } from './lib/load.mjs';

export default async function ({ workspace }) {
  const { createQueue, mapConcurrent, QueueClearedError } = await loadLibrary(workspace);

  // Tasks start in the order added and never more than `concurrency` at once.
  const queue = createQueue({ concurrency: 2 });
  const started = [];
  let active = 0;
  let maxActive = 0;
  const gates = Array.from({ length: 5 }, () => deferred());
  const done = gates.map((gate, i) =>
    queue.add(async () => {
      started.push(i);
      active++;
      maxActive = Math.max(maxActive, active);
      const value = await gate.promise;
      active--;
      return value;
    }),
  );
  await settle();
  assert.deepEqual(started, [0, 1]);
  assert.equal(queue.size, 3);
  assert.equal(queue.pending, 2);
  for (const [i, gate] of gates.entries()) {
    gate.resolve(i * 10);
    await settle();
  }
  assert.deepEqual(await Promise.all(done), [0, 10, 20, 30, 40]);
  assert.deepEqual(started, [0, 1, 2, 3, 4]);
  assert.equal(maxActive, 2);
  await queue.onIdle();

  // Cancelling a waiting task drops it; clear() rejects the rest; running tasks finish.
  const q = createQueue({ concurrency: 1 });
  const blocker = deferred();
  const ran = [];
  const first = q.add(() => blocker.promise);
  const controller = new AbortController();
  const cancelled = outcome(q.add(() => ran.push('cancelled'), { signal: controller.signal }));
  const cleared = outcome(q.add(() => ran.push('cleared')));
  controller.abort();
  const c = await cancelled;
  assert.equal(c.status, 'rejected');
  assert.equal(c.reason.name, 'AbortError');
  q.clear();
  const d = await cleared;
  assert.ok(d.reason instanceof QueueClearedError);
  blocker.resolve('kept');
  assert.equal(await first, 'kept');
  await q.onIdle();
  assert.deepEqual(ran, []);

  // In-order completion, synchronous functions and the default concurrency keep working.
  assert.deepEqual(await mapConcurrent([1, 2, 3, 4, 5, 6], (n) => n * n), [1, 4, 9, 16, 25, 36]);
  assert.throws(() => createQueue({ concurrency: 0 }), RangeError);
}
