import { withServer, signupBody } from './lib/http.mjs';
import { assertFieldRejected } from './lib/expect.mjs';

// Mobile clients have sent numbers, null and arrays where strings belong.
const CASES = [
  ['displayName', 42],
  ['displayName', null],
  ['displayName', ['Mira']],
  ['email', null],
  ['email', { address: 'mira@example.org' }],
  ['password', 12345678],
  ['bio', false],
];

export default async function ({ workspace }) {
  await withServer(workspace, async (api) => {
    for (const [field, value] of CASES) {
      const answer = await api.post('/users', signupBody({ [field]: value }));
      assertFieldRejected(answer, field, `signup with ${field}: ${JSON.stringify(value)}`);
    }
  });
}
