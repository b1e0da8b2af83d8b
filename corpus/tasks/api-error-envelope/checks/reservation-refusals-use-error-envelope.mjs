import assert from 'node:assert/strict';
import { withServer } from './lib/http.mjs';
import { assertErrorEnvelope } from './lib/envelope.mjs';

export default async function ({ workspace }) {
  await withServer(workspace, async (api) => {
    assertErrorEnvelope(await api.post('/reservations', { bookId: 'bk-1' }, { as: 'ada' }), 409, 'copy_available');
    assertErrorEnvelope(await api.post('/reservations', { bookId: 'bk-5' }, { as: 'ben' }), 409, 'already_reserved');
    assertErrorEnvelope(await api.post('/reservations', { bookId: 'bk-8' }, { as: 'cleo' }), 403, 'fines_outstanding');
    assertErrorEnvelope(await api.post('/reservations', { bookId: 'bk-8' }, { as: 'dev' }), 403, 'member_suspended');

    const mine = await api.get('/reservations', { as: 'ben' });
    assert.equal(mine.status, 200);
    assert.deepEqual(mine.body.data.map((r) => r.bookId), ['bk-5'], 'refused reservations must not be stored');
  });
}
