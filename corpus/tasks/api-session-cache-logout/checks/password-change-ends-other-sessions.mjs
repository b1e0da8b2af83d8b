import assert from 'node:assert/strict';
import { MAREN, withServer } from './lib/http.mjs';

// Changing the password signs out the user's other devices at once; the device that changed it stays in.
export default async function ({ workspace }) {
  await withServer(workspace, async (api) => {
    const laptop = await api.signIn(MAREN.email, MAREN.password);
    const phone = await api.signIn(MAREN.email, MAREN.password);
    const tablet = await api.signIn(MAREN.email, MAREN.password);
    for (const token of [laptop, phone, tablet]) assert.equal(await api.statusOfMe(token), 200, 'every device is signed in');

    const change = await api.call('POST', '/me/password', { token: laptop, body: { currentPassword: MAREN.password, newPassword: 'new-harbour-key' } });
    assert.equal(change.status, 204, `password change: ${JSON.stringify(change.body)}`);

    assert.equal(await api.statusOfMe(phone), 401, 'the phone session after the password change');
    assert.equal(await api.statusOfMe(tablet), 401, 'the tablet session after the password change');
    assert.equal(await api.statusOfMe(laptop), 200, 'the session that changed the password stays signed in');
    await api.signIn(MAREN.email, 'new-harbour-key');
  });
}
