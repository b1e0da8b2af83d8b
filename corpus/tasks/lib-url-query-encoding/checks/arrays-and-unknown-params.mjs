import assert from 'node:assert/strict';
import { rawQuery, recordingClient } from './lib/client.mjs';

// Existing behaviour: arrays repeat or comma-join per endpoint, unknown parameters are dropped.
export default async function ({ workspace }) {
  const { client, lastUrl, requests } = await recordingClient(workspace);

  await client.books.search({ q: 'dune', tags: ['scifi', 'classic'], sort: 'rating' });
  assert.equal(rawQuery(lastUrl()), 'q=dune&tags=scifi&tags=classic&sort=rating');

  await client.books.search({ fields: ['title', 'author', 'year'] });
  assert.equal(rawQuery(lastUrl()), 'fields=title,author,year');

  await client.books.search({ q: 'dune', internalNote: 'x', year: undefined });
  assert.equal(rawQuery(lastUrl()), 'q=dune');

  await client.authors.list();
  assert.equal(lastUrl(), 'https://api.bookshelf.example/v2/authors');
  assert.equal(requests.length, 4);
}
