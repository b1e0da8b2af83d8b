import assert from 'node:assert/strict';
import { rawQuery, recordingClient } from './lib/client.mjs';

// false, 0 and '' are real values and are sent; only null and undefined are omitted.
export default async function ({ workspace }) {
  const { client, lastUrl } = await recordingClient(workspace);

  await client.authors.list({ active: false });
  assert.equal(rawQuery(lastUrl()), 'active=false', 'active: false');

  await client.authors.list({ minBooks: 0, active: true });
  assert.deepEqual(rawQuery(lastUrl()).split('&').sort(), ['active=true', 'minBooks=0'], 'minBooks: 0');

  await client.shelves.items('to-read', { status: '' });
  assert.equal(rawQuery(lastUrl()), 'status=', "status: '' clears the filter");

  await client.authors.list({ q: null, active: undefined, minBooks: 0 });
  assert.equal(rawQuery(lastUrl()), 'minBooks=0', 'null and undefined are omitted, 0 is not');
}
