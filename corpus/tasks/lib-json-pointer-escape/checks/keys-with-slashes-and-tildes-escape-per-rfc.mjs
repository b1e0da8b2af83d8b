import assert from 'node:assert/strict';
import { loadLibrary } from './lib/load.mjs';

// '~' is written '~0' and '/' is written '~1'; diffs over such keys apply back to the target.
export default async function ({ workspace }) {
  const { compilePointer, appendToken, escapeToken, parsePointer, diff, applyPatch } = await loadLibrary(workspace);
  assert.equal(escapeToken('/api/users'), '~1api~1users');
  assert.equal(compilePointer(['routes', 'a/b', 'm~n']), '/routes/a~1b/m~0n');
  assert.equal(compilePointer(['~1']), '/~01', 'the key "~1" is written "~01"');
  assert.equal(compilePointer(['~/']), '/~0~1');
  assert.equal(appendToken('/routes', '/api/v1/users'), '/routes/~1api~1v1~1users');
  for (const tokens of [['a/b'], ['~1', '~0'], ['/~/', 'x'], ['text/html', 'charset']]) {
    assert.deepEqual(parsePointer(compilePointer(tokens)), tokens, `round trip of ${JSON.stringify(tokens)}`);
  }

  const running = {
    routes: {
      '/api/v1/users': { upstream: 'users:8080', rateLimit: 100 },
      '/api/v1/orders': { upstream: 'orders:8080', rateLimit: 50 },
    },
    mimeTypes: { 'text/html': 'utf-8' },
  };
  const desired = {
    routes: {
      '/api/v1/users': { upstream: 'users:8080', rateLimit: 200 },
      '/api/v2/orders': { upstream: 'orders-v2:8080', rateLimit: 50 },
    },
    mimeTypes: { 'text/html': 'utf-8', 'application/ld+json': 'utf-8', '~backup': 'latin1' },
  };
  const patch = diff(running, desired);
  assert.deepEqual(patch, [
    { op: 'remove', path: '/routes/~1api~1v1~1orders' },
    { op: 'replace', path: '/routes/~1api~1v1~1users/rateLimit', value: 200 },
    { op: 'add', path: '/routes/~1api~1v2~1orders', value: { upstream: 'orders-v2:8080', rateLimit: 50 } },
    { op: 'add', path: '/mimeTypes/application~1ld+json', value: 'utf-8' },
    { op: 'add', path: '/mimeTypes/~0backup', value: 'latin1' },
  ]);
  assert.deepEqual(applyPatch(running, patch), desired, 'applying diff(running, desired) to running gives desired');
}
