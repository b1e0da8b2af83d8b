import assert from 'node:assert/strict';
import { withServer } from './lib/http.mjs';
import { assertErrorEnvelope } from './lib/envelope.mjs';

// Route families that already follow docs/errors.md must keep doing so.
export default async function ({ workspace }) {
  await withServer(workspace, async (api) => {
    assertErrorEnvelope(await api.get('/books/bk-404'), 404, 'not_found');
    assertErrorEnvelope(await api.get('/branches/br-moon'), 404, 'not_found');
    assertErrorEnvelope(await api.get('/no/such/route'), 404, 'not_found');
    assertErrorEnvelope(await api.get('/search?q=a'), 400, 'validation_failed');
    assertErrorEnvelope(await api.post('/books', { title: 'Untitled' }), 401, 'unauthenticated');
    assertErrorEnvelope(await api.get('/reports/overdue', { as: { 'x-staff-key': 'guess' } }), 401, 'unauthenticated');
    assertErrorEnvelope(await api.postRaw('/members', '{"name": "Fay",', { as: 'staff' }), 400, 'invalid_json');

    const invalid = await api.post('/books', { title: 'Untitled', isbn: '12345', year: 2024 }, { as: 'staff' });
    assertErrorEnvelope(invalid, 400, 'validation_failed');
    assert.deepEqual(invalid.body.error.details.map((d) => d.field).sort(), ['author', 'isbn']);

    assertErrorEnvelope(await api.post('/loans/ln-8/return', undefined, { as: 'staff' }), 409, 'already_returned');
    assertErrorEnvelope(await api.post('/loans/ln-3/renew', undefined, { as: 'ada' }), 404, 'not_found');
    assertErrorEnvelope(await api.post('/fines/fn-404/pay', undefined, { as: 'staff' }), 404, 'not_found');
    assertErrorEnvelope(await api.post('/loans', {}, { as: 'ada' }), 400, 'validation_failed');
  });
}
