import assert from 'node:assert/strict';
import { loadLibrary } from './lib/load.mjs';

// Existing behaviour: parsing (including ~01), plain pointers, fragments, lookups and their errors.
export default async function ({ workspace }) {
  const { parsePointer, compilePointer, fromFragment, toFragment, getValue, hasValue, PointerError } = await loadLibrary(workspace);
  assert.deepEqual(parsePointer(''), []);
  assert.deepEqual(parsePointer('/'), ['']);
  assert.deepEqual(parsePointer('/a~1b/m~0n/0'), ['a/b', 'm~n', '0']);
  assert.deepEqual(parsePointer('/~01'), ['~1'], '"~01" is the key "~1"');
  assert.deepEqual(parsePointer('/~10'), ['/0']);
  assert.throws(() => parsePointer('a/b'), PointerError);
  assert.throws(() => parsePointer('/a~2'), PointerError);
  assert.equal(compilePointer([]), '');
  assert.equal(compilePointer(['routes', 'users', 0]), '/routes/users/0');

  assert.equal(fromFragment('#/a~1b/c%20d'), '/a~1b/c d');
  assert.equal(fromFragment('#/100%25'), '/100%');
  assert.equal(fromFragment('#'), '');
  assert.equal(toFragment('/a~1b/c d'), '#/a~1b/c%20d');
  assert.equal(toFragment('/100%/"q"'), '#/100%25/%22q%22');
  assert.throws(() => fromFragment('/no-hash'), PointerError);

  const doc = { routes: { '/api': { rateLimit: 100 } }, 'a~b': 1, tags: ['edge', 'eu'], '': 'empty key', nil: null };
  assert.equal(getValue(doc, '/routes/~1api/rateLimit'), 100);
  assert.equal(getValue(doc, '/a~0b'), 1);
  assert.equal(getValue(doc, '/tags/1'), 'eu');
  assert.equal(getValue(doc, '/'), 'empty key');
  assert.equal(getValue(doc, '/nil'), null);
  assert.equal(getValue(doc, ''), doc);
  assert.equal(hasValue(doc, '/tags/2'), false);
  assert.equal(hasValue(doc, '/routes/api'), false);
  assert.throws(() => getValue(doc, '/tags/01'), PointerError, 'leading zeros are not indexes');
  assert.throws(() => getValue(doc, '/tags/x'), PointerError);
  assert.throws(() => getValue(doc, '/a~0b/x'), PointerError);
}
