import assert from 'node:assert/strict';
import { OLD_SECRET, SECRET, deliver, invoice, paidEvent, withReceiver } from './lib/paylane.mjs';

// During a secret rotation the header carries one v1 per secret, in either order; any match is authentic.
export default async function ({ workspace }) {
  await withReceiver(workspace, async (baseUrl) => {
    const oldFirst = await deliver(baseUrl, paidEvent('inv_1002', 1000), { secrets: [OLD_SECRET, SECRET] });
    assert.equal(oldFirst.status, 200, `old secret's v1 first, ours second: ${JSON.stringify(oldFirst.body)}`);
    assert.deepEqual(oldFirst.body, { received: true });

    const newFirst = await deliver(baseUrl, paidEvent('inv_1002', 550), { secrets: [SECRET, OLD_SECRET] });
    assert.equal(newFirst.status, 200, `our v1 first, old secret's second: ${JSON.stringify(newFirst.body)}`);

    assert.equal((await invoice(baseUrl, 'inv_1002')).amountPaid, 1550, 'both payments applied');

    const onlyOld = await deliver(baseUrl, paidEvent('inv_1002', 3000), { secrets: [OLD_SECRET, OLD_SECRET] });
    assert.equal(onlyOld.status, 401, 'no v1 made with our secret');
  });
}
