import assert from 'node:assert/strict';
import { withServer, signupBody } from './lib/http.mjs';

export default async function ({ workspace }) {
  await withServer(workspace, async (api) => {
    const created = await api.post(
      '/users',
      signupBody({ email: '  Mira.Okafor+tandem@Mail.Example.co.uk ', password: '  spaced out pass  ', displayName: '  Mira  ' }),
    );
    assert.equal(created.status, 201, `valid signup: got ${created.status} ${created.text}`);
    const { user, token } = created.body;
    assert.equal(user.email, 'mira.okafor+tandem@mail.example.co.uk');
    assert.equal(user.displayName, 'Mira');
    assert.equal(user.bio, '');
    assert.equal(typeof token, 'string');
    assert.ok(!('password' in user) && !('passwordHash' in user), 'the user view must not expose the password');

    // Passwords are kept exactly as typed, spaces included.
    const exact = await api.post('/sessions', { email: 'MIRA.OKAFOR+tandem@mail.example.co.uk', password: '  spaced out pass  ' });
    assert.equal(exact.status, 200, `sign-in with the exact password: got ${exact.status} ${exact.text}`);
    assert.equal(exact.body.userId, user.id);
    const trimmed = await api.post('/sessions', { email: user.email, password: 'spaced out pass' });
    assert.equal(trimmed.status, 401, `sign-in with the trimmed password must fail: got ${trimmed.status}`);

    const duplicate = await api.post('/users', signupBody({ email: 'MIRA.OKAFOR+TANDEM@mail.example.co.uk' }));
    assert.equal(duplicate.status, 409, `duplicate email in another case: got ${duplicate.status}`);

    const edited = await api.patch(`/users/${user.id}`, { bio: '  Learning Portuguese.  ', displayName: 'Mira O.' }, { token });
    assert.equal(edited.status, 200, `profile edit: got ${edited.status} ${edited.text}`);
    assert.equal(edited.body.bio, 'Learning Portuguese.');
    assert.equal(edited.body.displayName, 'Mira O.');
  });
}
