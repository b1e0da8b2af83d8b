import assert from 'node:assert/strict';
import { rawPath, recordingClient } from './lib/client.mjs';

// Path parameters are encoded exactly once and cannot add path segments.
export default async function ({ workspace }) {
  const { client, lastUrl } = await recordingClient(workspace);

  await client.shelves.items('Sci-Fi & Fantasy');
  assert.equal(rawPath(lastUrl()), '/shelves/Sci-Fi%20%26%20Fantasy/items');

  await client.shelves.items('à lire');
  assert.equal(rawPath(lastUrl()), '/shelves/%C3%A0%20lire/items');

  await client.authors.books('tolkien/jrr');
  assert.equal(rawPath(lastUrl()), '/authors/tolkien%2Fjrr/books');

  await client.books.get('978-0441013593');
  assert.equal(rawPath(lastUrl()), '/books/978-0441013593', 'plain ids are left as they are');
}
