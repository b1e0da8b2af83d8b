import assert from 'node:assert/strict';
import { withServer } from './lib/http.mjs';
import { assertErrorEnvelope } from './lib/envelope.mjs';

export default async function ({ workspace }) {
  await withServer(workspace, async (api) => {
    // ln-1 was renewed twice already; ln-2's book is reserved by Ben.
    assertErrorEnvelope(await api.post('/loans/ln-1/renew', undefined, { as: 'ada' }), 409, 'renewal_limit_reached');
    assertErrorEnvelope(await api.post('/loans/ln-2/renew', undefined, { as: 'ada' }), 409, 'copy_reserved');
    // Ben's reservation holds bk-5 for him, so nobody else may borrow it when it comes back.
    const returned = await api.post('/loans/ln-2/return', undefined, { as: 'staff' });
    assert.equal(returned.status, 200, `POST /loans/ln-2/return: got ${returned.status} ${returned.text}`);
    const fay = await api.post('/members', { name: 'Fay Quinn', type: 'adult' }, { as: 'staff' });
    assert.equal(fay.status, 201, `POST /members: got ${fay.status} ${fay.text}`);
    const asFay = { authorization: `Bearer ${fay.body.token}` };
    assertErrorEnvelope(await api.post('/loans', { copyId: 'cp-501' }, { as: asFay }), 409, 'copy_reserved');
  });
}
