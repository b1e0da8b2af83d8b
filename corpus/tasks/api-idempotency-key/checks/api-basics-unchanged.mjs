import assert from 'node:assert/strict';
import { BAKERY, FLORIST, withApi } from './lib/http.mjs';

// Existing behaviour: auth, validation, charges, refunds, customers, lists and error shapes.
export default async function ({ workspace }) {
  await withApi(workspace, {}, async (api) => {
    assert.deepEqual(await api.get('/health'), { status: 200, replayed: null, body: { status: 'ok' } });
    assert.equal((await api.get('/v1/balance')).status, 401);
    assert.equal((await api.get('/v1/balance', 'sk_test_nope')).body.error.type, 'authentication_error');

    const missing = await api.post('/v1/charges', BAKERY, { amount: 500, source: 'tok_visa' });
    assert.deepEqual([missing.status, missing.body.error.param], [400, 'currency']);
    const unknown = await api.post('/v1/charges', BAKERY, { amount: 500, currency: 'usd', source: 'tok_visa', tip: 1 });
    assert.deepEqual([unknown.status, unknown.body.error.param], [400, 'tip']);
    assert.equal((await api.post('/v1/charges', BAKERY, { amount: 500, currency: 'usd', source: 'tok_amex' })).body.error.param, 'source');

    const customer = await api.post('/v1/customers', BAKERY, { email: 'Jo@Example.com', name: 'Jo' });
    assert.equal(customer.status, 201);
    assert.equal(customer.body.email, 'jo@example.com');
    const charge = await api.post('/v1/charges', BAKERY, { amount: 4200, currency: 'USD', source: 'tok_visa', customer: customer.body.id });
    assert.equal(charge.status, 201);
    assert.equal(charge.body.currency, 'usd');
    assert.equal(charge.body.customer, customer.body.id);
    assert.equal(charge.body.paid, true);

    assert.equal((await api.get(`/v1/charges/${charge.body.id}`, FLORIST)).status, 404, "another merchant's charge is not visible");
    assert.equal((await api.get(`/v1/customers/${customer.body.id}`, FLORIST)).status, 404);

    const partial = await api.post('/v1/refunds', BAKERY, { charge: charge.body.id, amount: 1000 });
    assert.equal(partial.status, 201);
    const rest = await api.post('/v1/refunds', BAKERY, { charge: charge.body.id });
    assert.equal(rest.body.amount, 3200);
    const over = await api.post('/v1/refunds', BAKERY, { charge: charge.body.id, amount: 1 });
    assert.deepEqual([over.status, over.body.error.param], [400, 'amount']);
    const refunded = await api.get(`/v1/charges/${charge.body.id}`, BAKERY);
    assert.deepEqual([refunded.body.amount_refunded, refunded.body.refunded], [4200, true]);

    await api.post('/v1/charges', BAKERY, { amount: 100, currency: 'eur', source: 'tok_visa' });
    await api.post('/v1/charges', BAKERY, { amount: 200, currency: 'eur', source: 'tok_visa' });
    const page = await api.get('/v1/charges?limit=2', BAKERY);
    assert.deepEqual(page.body.data.map((c) => c.amount), [200, 100], 'newest first');
    assert.equal(page.body.has_more, true);
    assert.deepEqual(await api.balance(BAKERY), [{ currency: 'eur', amount: 300 }, { currency: 'usd', amount: 0 }]);

  });
}
