import assert from 'node:assert/strict';
import { withServer } from './lib/http.mjs';
import { assertErrorEnvelope } from './lib/envelope.mjs';

export default async function ({ workspace }) {
  await withServer(workspace, async (api) => {
    assertErrorEnvelope(await api.post('/loans', { copyId: 'cp-102' }, { as: 'eve' }), 409, 'loan_limit_reached');
    assertErrorEnvelope(await api.post('/loans', { copyId: 'cp-801' }, { as: 'ada' }), 409, 'copy_unavailable');
    assertErrorEnvelope(await api.post('/loans', { copyId: 'cp-102' }, { as: 'dev' }), 403, 'member_suspended');
    assertErrorEnvelope(await api.post('/loans', { copyId: 'cp-102' }, { as: 'cleo' }), 403, 'fines_outstanding');

    // The refusals borrowed nothing: the copy is still on the shelf for Ada.
    const ok = await api.post('/loans', { copyId: 'cp-102' }, { as: 'ada' });
    assert.equal(ok.status, 201, `POST /loans cp-102 as ada after the refusals: got ${ok.status} ${ok.text}`);
  });
}
