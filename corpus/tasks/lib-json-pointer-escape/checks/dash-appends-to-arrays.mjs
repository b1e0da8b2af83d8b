import assert from 'node:assert/strict';
import { loadLibrary } from './lib/load.mjs';

// `add` with '-' appends after the last element, including in patches built by diff.
export default async function ({ workspace }) {
  const { applyPatch, diff } = await loadLibrary(workspace);
  assert.deepEqual(applyPatch({ methods: ['GET'] }, [{ op: 'add', path: '/methods/-', value: 'PUT' }]), { methods: ['GET', 'PUT'] });
  assert.deepEqual(
    applyPatch({ tags: ['edge', 'eu'] }, [
      { op: 'add', path: '/tags/-', value: 'canary' },
      { op: 'add', path: '/tags/-', value: 'v2' },
    ]),
    { tags: ['edge', 'eu', 'canary', 'v2'] },
  );
  assert.deepEqual(applyPatch([[1, 2], [3]], [{ op: 'add', path: '/0/-', value: 9 }]), [[1, 2, 9], [3]]);
  assert.deepEqual(
    applyPatch({ pools: { a: ['x'], b: ['y', 'z'] } }, [
      { op: 'copy', from: '/pools/a/0', path: '/pools/b/-' },
      { op: 'move', from: '/pools/b/0', path: '/pools/a/-' },
    ]),
    { pools: { a: ['x', 'y'], b: ['z', 'x'] } },
    'copy and move to "-" append',
  );

  const running = { route: { methods: ['GET'], backends: [{ host: 'a', weight: 1 }] } };
  const desired = { route: { methods: ['GET', 'POST', 'PUT'], backends: [{ host: 'a', weight: 2 }, { host: 'b', weight: 1 }] } };
  assert.deepEqual(applyPatch(running, diff(running, desired)), desired, 'diff of growing arrays applies back');
}
