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
});
