import assert from 'node:assert/strict';
import { NOW_SECONDS, deliver, invoice, paidEvent, withReceiver } from './lib/paylane.mjs';

// A delivery signed more than 300 s away from our clock is a replay: 401, nothing applied.
export default async function ({ workspace }) {
  await withReceiver(workspace, async (baseUrl) => {
    for (const offset of [-301, -3600, -86400, 301, 7200]) {
      const answer = await deliver(baseUrl, paidEvent('inv_1001', 1000), { t: NOW_SECONDS + offset });
      assert.equal(answer.status, 401, `t ${offset} s from now: expected 401, got ${answer.status} ${JSON.stringify(answer.body)}`);
      assert.deepEqual(answer.body, { error: 'invalid signature' });
    }
    assert.equal((await invoice(baseUrl, 'inv_1001')).amountPaid, 0, 'no replayed payment was applied');

    for (const offset of [-299, 0, 299]) {
      const fresh = await deliver(baseUrl, paidEvent('inv_1001', 1000), { t: NOW_SECONDS + offset });
      assert.equal(fresh.status, 200, `t ${offset} s from now is within the tolerance`);
    }
    assert.equal((await invoice(baseUrl, 'inv_1001')).amountPaid, 3000);
  });
}
