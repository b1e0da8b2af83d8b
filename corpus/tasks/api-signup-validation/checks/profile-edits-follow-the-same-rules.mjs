import assert from 'node:assert/strict';
import { withServer, signupBody } from './lib/http.mjs';
import { assertFieldRejected } from './lib/expect.mjs';

export default async function ({ workspace }) {
  await withServer(workspace, async (api) => {
    const created = await api.post('/users', signupBody());
    assert.equal(created.status, 201, `signup: got ${created.status} ${created.text}`);
    const { user, token } = created.body;
    const edit = (body) => api.patch(`/users/${user.id}`, body, { token });

    assertFieldRejected(await edit({ displayName: '    ' }), 'displayName', 'PATCH displayName "    "');
    assertFieldRejected(await edit({ displayName: 7 }), 'displayName', 'PATCH displayName 7');
    assertFieldRejected(await edit({ email: 'mira@example.org, boss@example.org' }), 'email', 'PATCH a two-address email');
    assertFieldRejected(await edit({ bio: { text: 'hi' } }), 'bio', 'PATCH bio as an object');

    const after = await api.get(`/users/${user.id}`);
    assert.equal(after.body.displayName, 'Mira Okafor', 'refused edits must leave the profile unchanged');
    assert.equal(after.body.email, 'mira@example.org', 'refused edits must leave the profile unchanged');
  });
}
