import { test } from 'node:test';
import assert from 'node:assert/strict';
import { expandPath } from '../src/url/path.js';

test('expands named segments', () => {
  assert.equal(expandPath('/authors/:authorId/books', { authorId: 'a-42' }), '/authors/a-42/books');
});

test('rejects a missing segment', () => {
  assert.throws(() => expandPath('/books/:isbn', {}), /Missing path parameter "isbn"/);
});
