import assert from 'node:assert/strict';
import { rawQuery, recordingClient } from './lib/client.mjs';

// Query values reach the API unchanged: percent-encoded once, RFC 3986 style.
export default async function ({ workspace }) {
  const { client, lastUrl } = await recordingClient(workspace);

  await client.books.search({ q: 'war and peace' });
  assert.equal(rawQuery(lastUrl()), 'q=war%20and%20peace', 'spaces in a search term');

  await client.books.search({ q: 'Les Misérables', author: 'Björk Guðmundsdóttir' });
  assert.equal(rawQuery(lastUrl()), 'q=Les%20Mis%C3%A9rables&author=Bj%C3%B6rk%20Gu%C3%B0mundsd%C3%B3ttir', 'non-ASCII text');

  await client.books.search({ q: 'R&D: 100% C# + more=fun?' });
  assert.equal(rawQuery(lastUrl()), 'q=R%26D%3A%20100%25%20C%23%20%2B%20more%3Dfun%3F', 'reserved characters inside a value');

  await client.books.search({ since: new Date(Date.UTC(2024, 0, 2, 3, 4, 5)) });
  assert.equal(rawQuery(lastUrl()), 'since=2024-01-02T03%3A04%3A05.000Z', 'a Date is sent as an ISO string');

  // What the API sees after decoding must be exactly what the caller passed.
  const tricky = 'a%20b & ü/ü';
  await client.books.search({ q: tricky, tags: ['sci fi', 'ü'] });
  const parsed = new URL(lastUrl()).searchParams;
  assert.equal(parsed.get('q'), tricky);
  assert.deepEqual(parsed.getAll('tags'), ['sci fi', 'ü']);
}
