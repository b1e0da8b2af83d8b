import { withServer } from './lib/http.mjs';
import { assertErrorEnvelope } from './lib/envelope.mjs';

// Kiosks send an expired card token, or none after a timeout.
export default async function ({ workspace }) {
  await withServer(workspace, async (api) => {
    assertErrorEnvelope(await api.get('/loans'), 401, 'unauthenticated');
    assertErrorEnvelope(await api.get('/loans', { as: { authorization: 'Bearer tok-expired-0000' } }), 401, 'unauthenticated');
    assertErrorEnvelope(await api.post('/loans', { copyId: 'cp-102' }, { as: { authorization: 'Basic YWRhOmFkYQ==' } }), 401, 'unauthenticated');
    assertErrorEnvelope(await api.post('/reservations', { bookId: 'bk-8' }), 401, 'unauthenticated');
    assertErrorEnvelope(await api.get('/fines', { as: { authorization: 'Bearer ' } }), 401, 'unauthenticated');
  });
}
