import assert from 'node:assert/strict';
import { deliver, invoice, paidEvent, withReceiver } from './lib/paylane.mjs';

// The envelope's id is required (it is what makes redelivery safe): no id or an empty id is a 400.
export default async function ({ workspace }) {
  await withReceiver(workspace, async (baseUrl) => {
    const { id, ...withoutId } = paidEvent('inv_1004', 500);
    const missing = await deliver(baseUrl, withoutId);
    assert.equal(missing.status, 400, `event without id: expected 400, got ${missing.status} ${JSON.stringify(missing.body)}`);
    assert.deepEqual(missing.body, { error: 'invalid event', field: 'id' });

    for (const bad of ['', 42, null]) {
      const answer = await deliver(baseUrl, paidEvent('inv_1004', 500, { id: bad }));
      assert.equal(answer.status, 400, `id ${JSON.stringify(bad)}: expected 400, got ${answer.status}`);
      assert.equal(answer.body.field, 'id');
    }
    assert.equal((await invoice(baseUrl, 'inv_1004')).amountPaid, 0, 'nothing was applied');
  });
}
