import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { flatten } from '../src/index.js';

describe('flatten', () => {
  it('walks nested objects into key paths', () => {
    assert.deepEqual(
      [...flatten({ server: { port: 8080, tls: { on: true } } })],
      [
        ['server.port', 8080],
        ['server.tls.on', true],
      ],
    );
  });
  it('escapes dots inside keys', () => {
    assert.deepEqual([...flatten({ 'a.b': 1, a: { b: 2 } }).keys()], ['a\\.b', 'a.b']);
  });
});
