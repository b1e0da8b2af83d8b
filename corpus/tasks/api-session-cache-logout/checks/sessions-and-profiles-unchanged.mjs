import assert from 'node:assert/strict';
import { MAREN, TOBIAS, withServer } from './lib/http.mjs';

// Existing behaviour: sign-in, auth errors, /me, validation, and other users' sessions are unaffected.
export default async function ({ workspace }) {
  await withServer(workspace, async (api) => {
    assert.equal((await api.call('POST', '/sessions', { body: { email: MAREN.email, password: 'nope' } })).status, 401, 'wrong password');
    assert.equal((await api.call('GET', '/me')).status, 401, 'no token');
    assert.equal(await api.statusOfMe('not-a-token'), 401, 'unknown token');

    const maren = await api.signIn(MAREN.email, MAREN.password);
    const tobias = await api.signIn(TOBIAS.email, TOBIAS.password);
    const me = await api.call('GET', '/me', { token: maren });
    assert.deepEqual(me.body, { id: '1', email: 'maren@quayside.test', displayName: 'Maren Holt' });

    const renamed = await api.call('PATCH', '/me', { token: maren, body: { displayName: '  Maren H.  ' } });
    assert.deepEqual(renamed.body, { id: '1', email: 'maren@quayside.test', displayName: 'Maren H.' });
    assert.equal((await api.call('GET', '/me', { token: maren })).body.displayName, 'Maren H.', '/me shows the new name at once');
    assert.equal((await api.call('PATCH', '/me', { token: maren, body: { displayName: '' } })).status, 400);
    assert.deepEqual((await api.call('GET', '/users/2')).body, { id: '2', displayName: 'Tobias Venn' });
    assert.equal((await api.call('GET', '/users/99')).status, 404);

    const wrong = await api.call('POST', '/me/password', { token: maren, body: { currentPassword: 'nope', newPassword: 'whatever-long' } });
    assert.equal(wrong.status, 403);
    const short = await api.call('POST', '/me/password', { token: maren, body: { currentPassword: MAREN.password, newPassword: 'short' } });
    assert.equal(short.status, 400);

    assert.equal((await api.call('POST', '/me/password', { token: maren, body: { currentPassword: MAREN.password, newPassword: 'another-long-one' } })).status, 204);
    assert.equal((await api.call('DELETE', '/sessions/current', { token: maren })).status, 204);
    assert.equal(await api.statusOfMe(tobias), 200, "another member's session survives both");
  });
}
