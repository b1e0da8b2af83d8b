import assert from 'node:assert/strict';
import { deliver, invoice, paidEvent, withReceiver } from './lib/paylane.mjs';

// At-least-once delivery: a repeat of an event id gets 200 {received, duplicate} and is not applied again.
export default async function ({ workspace }) {
  await withReceiver(workspace, async (baseUrl) => {
    const event = paidEvent('inv_1003', 40000, { id: 'evt_1PzRedeliver' });
    const first = await deliver(baseUrl, event);
    assert.equal(first.status, 200);
    assert.deepEqual(first.body, { received: true });

    for (let attempt = 2; attempt <= 3; attempt += 1) {
      const again = await deliver(baseUrl, event);
      assert.equal(again.status, 200, `delivery #${attempt} of the same event: expected 200, got ${again.status} ${JSON.stringify(again.body)}`);
      assert.deepEqual(again.body, { received: true, duplicate: true });
    }
    assert.equal((await invoice(baseUrl, 'inv_1003')).amountPaid, 40000, 'the payment was applied once');
  });
}
