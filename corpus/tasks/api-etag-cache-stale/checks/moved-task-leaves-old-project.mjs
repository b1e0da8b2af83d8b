import assert from 'node:assert/strict';
import { withServer, ids } from './lib/http.mjs';

// Dragging a card to another project must update both projects' lists and counts.
export default async function ({ workspace }) {
  await withServer(workspace, async (api) => {
    assert.deepEqual(ids(await api.get('/projects/p1/tasks')), ['t1', 't2', 't4', 't3', 't5']);
    assert.equal((await api.get('/projects/p1')).body.total, 5);
    assert.equal((await api.get('/projects/p2')).body.total, 3);
    const p2List = await api.get('/projects/p2/tasks');

    const moved = await api.patch('/tasks/t5', { projectId: 'p2' });
    assert.equal(moved.status, 200);
    assert.equal(moved.body.projectId, 'p2');

    assert.deepEqual(ids(await api.get('/projects/p1/tasks')), ['t1', 't2', 't4', 't3'], '/projects/p1/tasks after t5 moved to p2');
    const p1 = (await api.get('/projects/p1')).body;
    assert.equal(p1.total, 4, '/projects/p1 total after t5 moved to p2');
    assert.equal(p1.counts.todo, 2, '/projects/p1 todo count after t5 moved to p2');

    assert.deepEqual(ids(await api.get('/projects/p2/tasks')), [...ids(p2List), 't5'], '/projects/p2/tasks after t5 moved in');
    assert.equal((await api.get('/projects/p2')).body.total, 4, '/projects/p2 total after t5 moved in');
  });
}
