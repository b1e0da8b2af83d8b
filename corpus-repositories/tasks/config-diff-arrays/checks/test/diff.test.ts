import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { diffConfigs, formatDiff } from '../src/index.js';

describe('diffConfigs', () => {
  it('reports added, removed and changed keys sorted by path', () => {
    const lines = formatDiff(diffConfigs({ b: 1, c: { d: 'x' } }, { a: true, c: { d: 'y' } }));
    assert.equal(lines, '+ a = true\n- b = 1\n~ c.d = "x" -> "y"');
  });
  it('finds nothing between a configuration and itself', () => {
    assert.deepEqual(diffConfigs({ port: 80, name: 'api' }, { port: 80, name: 'api' }), []);
  });
  it('treats arrays with the same items as unchanged', () => {
    assert.deepEqual(diffConfigs({ features: ['search', 'export'] }, { features: ['search', 'export'] }), []);
  });
  it('compares objects inside arrays by value, whatever their key order', () => {
    const before = { routes: [{ path: '/', method: 'GET' }] };
    const after = { routes: [{ method: 'GET', path: '/' }] };
    assert.deepEqual(diffConfigs(before, after), []);
  });
  it('still reports an array whose items changed', () => {
    assert.equal(formatDiff(diffConfigs({ tags: ['a'] }, { tags: ['a', 'b'] })), '~ tags = ["a"] -> ["a","b"]');
  });
});
