import assert from 'node:assert/strict';
import { recordingClient } from './lib/client.mjs';

// Existing behaviour: auth and JSON headers, parsed bodies, ApiError on failures.
export default async function ({ workspace }) {
  const respond = (url) => {
    if (url.endsWith('/books/missing')) {
      return new Response(JSON.stringify({ error: { code: 'not_found', message: 'No such book' } }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      });
    }
    return new Response(JSON.stringify({ ok: true }), { status: 201, headers: { 'content-type': 'application/json' } });
  };
  const { client, requests } = await recordingClient(workspace, { respond, token: 's3cret' });

  assert.deepEqual(await client.shelves.add('favourites', '9780441013593'), { ok: true });
  const sent = requests.at(-1);
  assert.equal(sent.url, 'https://api.bookshelf.example/v2/shelves/favourites/items');
  assert.equal(sent.init.method, 'POST');
  assert.equal(sent.init.headers.authorization, 'Bearer s3cret');
  assert.equal(sent.init.headers['content-type'], 'application/json');
  assert.deepEqual(JSON.parse(sent.init.body), { isbn: '9780441013593' });

  await assert.rejects(client.books.get('missing'), (err) => {
    assert.equal(err.name, 'ApiError');
    assert.equal(err.status, 404);
    assert.equal(err.code, 'not_found');
    assert.equal(err.message, 'No such book');
    return true;
  });
}
