import assert from 'node:assert/strict';
import { OLD_SECRET, SECRET, deliver, invoice, paidEvent, signature, withReceiver, NOW_SECONDS } from './lib/paylane.mjs';

// Existing behaviour: signed events apply, unknown types are acknowledged, bad signatures and envelopes are refused.
export default async function ({ workspace }) {
  await withReceiver(workspace, async (baseUrl) => {
    const paid = await deliver(baseUrl, paidEvent('inv_1001', 12000));
    assert.equal(paid.status, 200);
    assert.deepEqual(paid.body, { received: true });
    assert.deepEqual(await invoice(baseUrl, 'inv_1001'), { id: 'inv_1001', total: 12000, amountPaid: 12000, status: 'paid', currency: 'EUR' });

    const refund = await deliver(baseUrl, paidEvent('inv_1001', 2000, { type: 'invoice.refunded' }));
    assert.equal(refund.status, 200);
    assert.equal((await invoice(baseUrl, 'inv_1001')).status, 'open');
    assert.equal((await invoice(baseUrl, 'inv_1001')).amountPaid, 10000);

    const unknown = await deliver(baseUrl, paidEvent('inv_1001', 1, { type: 'customer.updated' }));
    assert.equal(unknown.status, 200);
    assert.deepEqual(unknown.body, { received: true });

    assert.equal((await deliver(baseUrl, paidEvent('inv_1002', 100), { secrets: [OLD_SECRET] })).status, 401, 'wrong secret');
    assert.deepEqual((await deliver(baseUrl, paidEvent('inv_1002', 100), { header: null })).body, { error: 'invalid signature' });
    const event = JSON.stringify(paidEvent('inv_1002', 100));
    const tampered = await deliver(baseUrl, null, {
      body: event.replace('"amount":100', '"amount":4550'),
      header: `t=${NOW_SECONDS},v1=${signature(SECRET, NOW_SECONDS, event)}`,
    });
    assert.equal(tampered.status, 401, 'a body changed after signing');
    assert.equal((await deliver(baseUrl, paidEvent('inv_1002', 100), { header: 'v1=abc' })).status, 401, 'no timestamp');
    assert.equal((await invoice(baseUrl, 'inv_1002')).amountPaid, 0);

    const noObject = await deliver(baseUrl, paidEvent('inv_1002', 100, { data: {} }));
    assert.deepEqual([noObject.status, noObject.body], [400, { error: 'invalid event', field: 'data.object' }]);
    const noType = await deliver(baseUrl, paidEvent('inv_1002', 100, { type: undefined }));
    assert.deepEqual([noType.status, noType.body], [400, { error: 'invalid event', field: 'type' }]);
    assert.equal((await fetch(`${baseUrl}/invoices/inv_9999`)).status, 404);
  });
}
