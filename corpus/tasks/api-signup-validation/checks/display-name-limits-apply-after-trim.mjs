import assert from 'node:assert/strict';
import { withServer, signupBody } from './lib/http.mjs';
import { assertFieldRejected } from './lib/expect.mjs';

export default async function ({ workspace }) {
  await withServer(workspace, async (api) => {
    for (const displayName of ['   ', '\t\n', ' '.repeat(41)]) {
      const answer = await api.post('/users', signupBody({ displayName }));
      assertFieldRejected(answer, 'displayName', `signup with displayName ${JSON.stringify(displayName)}`);
    }

    // 40 characters of name with padding around it is a valid 40-character name.
    const name = 'Aleksandra Wiśniewska-Kowalczyk von Berg';
    assert.equal(name.length, 40);
    const padded = await api.post('/users', signupBody({ email: 'ola@example.org', displayName: `  ${name}  ` }));
    assert.equal(padded.status, 201, `signup with a padded 40-character name: got ${padded.status} ${padded.text}`);
    assert.equal(padded.body.user.displayName, name);

    const bio = `${'x'.repeat(280)}\n`;
    const withBio = await api.post('/users', signupBody({ email: 'bio@example.org', bio }));
    assert.equal(withBio.status, 201, `signup with a 280-character bio and a trailing newline: got ${withBio.status} ${withBio.text}`);
    assert.equal(withBio.body.user.bio, 'x'.repeat(280));
  });
}
