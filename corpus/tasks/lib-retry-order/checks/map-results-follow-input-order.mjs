import assert from 'node:assert/strict';
import { loadLibrary, deferred, settle } from './lib/load.mjs';

export default async function ({ workspace }) {
  const { mapConcurrent } = await loadLibrary(workspace);

  // All three run at once and finish in reverse order.
  const gates = [deferred(), deferred(), deferred()];
  const mapped = mapConcurrent(['a.jpg', 'b.jpg', 'c.jpg'], (name, i) => gates[i].promise.then(() => `${name}.thumb`), { concurrency: 3 });
  await settle();
  for (const i of [2, 1, 0]) {
    gates[i].resolve();
    await settle();
  }
  assert.deepEqual(await mapped, ['a.jpg.thumb', 'b.jpg.thumb', 'c.jpg.thumb']);

  // Concurrency 2 over 6 items, finishing in a scrambled order.
  const order = [1, 0, 3, 2, 5, 4];
  const gates6 = order.map(() => deferred());
  const mapped6 = mapConcurrent([10, 20, 30, 40, 50, 60], (n, i) => gates6[i].promise.then(() => n * 2), { concurrency: 2 });
  for (const i of order) {
    await settle();
    gates6[i].resolve();
  }
  assert.deepEqual(await mapped6, [20, 40, 60, 80, 100, 120]);
}
