import assert from 'node:assert/strict';
import { MAREN, withServer } from './lib/http.mjs';

// A renamed member's public profile shows the new name on the next request, not a minute later.
export default async function ({ workspace }) {
  await withServer(workspace, async (api) => {
    const token = await api.signIn(MAREN.email, MAREN.password);
    const id = (await api.call('GET', '/me', { token })).body.id;
    assert.equal((await api.call('GET', `/users/${id}`)).body.displayName, 'Maren Holt');

    const patch = await api.call('PATCH', '/me', { token, body: { displayName: 'Maren Holt-Ayer' } });
    assert.equal(patch.status, 200);
    const profile = await api.call('GET', `/users/${id}`);
    assert.deepEqual(profile.body, { id, displayName: 'Maren Holt-Ayer' }, 'GET /users/:id right after the rename');

    await api.call('PATCH', '/me', { token, body: { displayName: 'M. Holt' } });
    assert.equal((await api.call('GET', `/users/${id}`)).body.displayName, 'M. Holt', 'after a second rename');
  });
}
