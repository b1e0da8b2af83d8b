import assert from 'node:assert/strict';
import { withServer, signupBody } from './lib/http.mjs';
import { assertFieldRejected } from './lib/expect.mjs';

const MALFORMED = [
  'ann@example.com, bob@example.com',
  'ann@example.com;bob@example.com',
  'ann@example.com<script>',
  'ann@example.com bob',
  'ann@example',
  '@example.com',
];

export default async function ({ workspace }) {
  await withServer(workspace, async (api) => {
    for (const [i, email] of MALFORMED.entries()) {
      const answer = await api.post('/users', signupBody({ email, displayName: `User ${i}` }));
      assertFieldRejected(answer, 'email', `signup with email ${JSON.stringify(email)}`);
    }
    // Refusals must not have created anything: the first address is still free.
    const ok = await api.post('/users', signupBody({ email: 'ann@example.com' }));
    assert.equal(ok.status, 201, `signup with ann@example.com after the refusals: got ${ok.status}`);
  });
}
