import assert from 'node:assert/strict';
import { loadLibrary } from './lib/load.mjs';

// Existing behaviour: the six operations with plain keys and numeric indexes, atomicity, errors.
export default async function ({ workspace }) {
  const { applyPatch, diff, PatchError } = await loadLibrary(workspace);
  const doc = { name: 'gw-1', tags: ['edge', 'eu'], limits: { rps: 10 } };
  const next = applyPatch(doc, [
    { op: 'add', path: '/tags/1', value: 'canary' },
    { op: 'add', path: '/tags/3', value: 'last' },
    { op: 'replace', path: '/limits/rps', value: 20 },
    { op: 'add', path: '/limits/burst', value: 5 },
    { op: 'remove', path: '/tags/0' },
    { op: 'copy', from: '/limits', path: '/defaults' },
    { op: 'move', from: '/name', path: '/id' },
    { op: 'test', path: '/tags', value: ['canary', 'eu', 'last'] },
  ]);
  assert.deepEqual(next, { tags: ['canary', 'eu', 'last'], limits: { rps: 20, burst: 5 }, defaults: { rps: 20, burst: 5 }, id: 'gw-1' });
  assert.deepEqual(doc, { name: 'gw-1', tags: ['edge', 'eu'], limits: { rps: 10 } }, 'input not modified');
  assert.deepEqual(applyPatch([], [{ op: 'add', path: '/-', value: 1 }]), [1], 'appending to an empty array');
  assert.deepEqual(applyPatch(doc, [{ op: 'replace', path: '', value: [1] }]), [1]);

  const failing = () => applyPatch(doc, [{ op: 'replace', path: '/name', value: 'x' }, { op: 'add', path: '/tags/5', value: 'far' }]);
  assert.throws(failing, (err) => err instanceof PatchError && err.index === 1 && err.path === '/tags/5');
  assert.throws(() => applyPatch(doc, [{ op: 'test', path: '/limits/rps', value: 11 }]), /test failed/);
  assert.throws(() => applyPatch(doc, [{ op: 'move', from: '/limits', path: '/limits/inner' }]), PatchError);
  assert.throws(() => applyPatch(doc, [{ op: 'frobnicate', path: '/x' }]), (err) => err instanceof PatchError && err.index === 0);
  assert.throws(() => applyPatch(doc, [{ op: 'add', path: '/x' }]), /needs a "value"/);

  const before = { a: 1, list: [1, 2, 3], nested: { keep: true, drop: 1 } };
  const after = { a: 2, list: [1, 3], nested: { keep: true }, extra: 'x' };
  assert.deepEqual(diff(before, after), [
    { op: 'replace', path: '/a', value: 2 },
    { op: 'replace', path: '/list/1', value: 3 },
    { op: 'remove', path: '/list/2' },
    { op: 'remove', path: '/nested/drop' },
    { op: 'add', path: '/extra', value: 'x' },
  ]);
  assert.deepEqual(applyPatch(before, diff(before, after)), after);
  assert.deepEqual(diff(before, before), []);
}
