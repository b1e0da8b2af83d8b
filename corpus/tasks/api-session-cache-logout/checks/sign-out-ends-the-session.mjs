import assert from 'node:assert/strict';
import { MAREN, withServer } from './lib/http.mjs';

// After DELETE /sessions/current the token is dead at once, even though it was just used.
export default async function ({ workspace }) {
  await withServer(workspace, async (api) => {
    const token = await api.signIn(MAREN.email, MAREN.password);
    assert.equal(await api.statusOfMe(token), 200, 'GET /me with a fresh token');
    assert.equal(await api.statusOfMe(token), 200, 'GET /me again');

    const out = await api.call('DELETE', '/sessions/current', { token });
    assert.equal(out.status, 204, 'sign out');

    const after = await api.call('GET', '/me', { token });
    assert.equal(after.status, 401, `GET /me after signing out: expected 401, got ${after.status} ${JSON.stringify(after.body)}`);
    assert.deepEqual(after.body, { error: 'unauthorized' });
    assert.equal((await api.call('PATCH', '/me', { token, body: { displayName: 'Ghost' } })).status, 401, 'PATCH /me after signing out');
    assert.equal((await api.call('DELETE', '/sessions/current', { token })).status, 401, 'signing out twice');
  });
}
