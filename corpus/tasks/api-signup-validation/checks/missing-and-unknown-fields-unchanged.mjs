import assert from 'node:assert/strict';
import { withServer } from './lib/http.mjs';

export default async function ({ workspace }) {
  await withServer(workspace, async (api) => {
    const empty = await api.post('/users', {});
    assert.equal(empty.status, 400);
    assert.deepEqual(empty.body, {
      error: 'validation failed',
      fields: { email: 'is required', password: 'is required', displayName: 'is required' },
    });

    const unknown = await api.post('/users', { email: 'a@example.org', password: 'long enough', displayName: 'A', role: 'admin' });
    assert.equal(unknown.status, 400);
    assert.equal(unknown.body.fields.role, 'is not allowed');

    const short = await api.post('/users', { email: 'a@example.org', password: 'short', displayName: 'A' });
    assert.equal(short.status, 400);
    assert.equal(short.body.fields.password, 'must be at least 8 characters');

    const notObject = await api.post('/users', ['a@example.org']);
    assert.equal(notObject.status, 400);

    const unauthenticated = await api.patch('/users/usr_nobody', { bio: 'x' });
    assert.equal(unauthenticated.status, 401);
  });
}
