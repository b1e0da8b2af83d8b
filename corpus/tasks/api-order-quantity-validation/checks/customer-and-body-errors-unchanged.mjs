import assert from 'node:assert/strict';
import { postJson, withServer } from './lib/http.mjs';

// Existing behaviour: customer and items-array errors are 422s with fields; a non-JSON body is a 400.
export default async function ({ workspace }) {
  await withServer(workspace, async (baseUrl) => {
    const noEmail = await postJson(baseUrl, '/orders', { customer: { name: 'Sam' }, items: [{ sku: 'MUG-CLAY', quantity: 1 }] });
    assert.equal(noEmail.status, 422);
    assert.deepEqual(noEmail.body, { error: 'validation failed', fields: { 'customer.email': 'must be a valid email address' } });

    const noCustomer = await postJson(baseUrl, '/orders', { items: [] });
    assert.equal(noCustomer.status, 422);
    assert.deepEqual(Object.keys(noCustomer.body.fields).sort(), ['customer', 'items']);

    const notArray = await postJson(baseUrl, '/orders/quote', { items: { sku: 'MUG-CLAY', quantity: 1 } });
    assert.equal(notArray.status, 422);
    assert.equal(notArray.body.fields.items, 'must be a non-empty array');

    const bad = await postJson(baseUrl, '/orders', '{"items": [');
    assert.equal(bad.status, 400);
    assert.deepEqual(bad.body, { error: 'invalid json' });
  });
}
