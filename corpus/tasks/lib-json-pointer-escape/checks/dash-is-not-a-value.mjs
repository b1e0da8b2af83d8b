import assert from 'node:assert/strict';
import { loadLibrary } from './lib/load.mjs';

// '-' names the position after the last element: there is nothing to read, replace, remove or test there.
export default async function ({ workspace }) {
  const { applyPatch, getValue, hasValue, PatchError, PointerError } = await loadLibrary(workspace);
  const doc = { tags: ['edge', 'eu'] };

  assert.throws(() => getValue(doc, '/tags/-'), PointerError, 'getValue(doc, "/tags/-")');
  assert.equal(hasValue(doc, '/tags/-'), false);
  for (const operation of [
    { op: 'replace', path: '/tags/-', value: 'us' },
    { op: 'remove', path: '/tags/-' },
    { op: 'test', path: '/tags/-', value: 'eu' },
    { op: 'copy', from: '/tags/-', path: '/first' },
    { op: 'move', from: '/tags/-', path: '/tags/0' },
  ]) {
    assert.throws(
      () => applyPatch(doc, [{ op: 'add', path: '/tags/0', value: 'first' }, operation]),
      (err) => err instanceof PatchError && err.index === 1,
      `${JSON.stringify(operation)} must fail as operation 1`,
    );
  }
  assert.deepEqual(doc, { tags: ['edge', 'eu'] }, 'failed patches leave the input untouched');
}
