import assert from 'node:assert/strict';
import { withServer, ids } from './lib/http.mjs';

// The board's columns read filtered lists; a status change must show in the next read.
export default async function ({ workspace }) {
  await withServer(workspace, async (api) => {
    const todo = '/projects/p1/tasks?status=todo';
    const done = '/projects/p1/tasks?status=done&sort=title';
    const kims = '/projects/p1/tasks?assignee=kim';
    assert.deepEqual(ids(await api.get(todo)), ['t4', 't3', 't5']);
    assert.deepEqual(ids(await api.get(done)), ['t1']);
    await api.get(kims);

    const moved = await api.patch('/tasks/t4', { status: 'done', assignee: 'kim' });
    assert.equal(moved.status, 200);

    assert.deepEqual(ids(await api.get(todo)), ['t3', 't5'], `${todo} after t4 was marked done`);
    assert.deepEqual(ids(await api.get(done)), ['t1', 't4'], `${done} after t4 was marked done`);
    const kimsTasks = (await api.get(kims)).body.data;
    assert.deepEqual(kimsTasks.map((t) => t.id), ['t1', 't4', 't3'], `${kims} after t4 was reassigned to kim`);
    assert.equal(kimsTasks.find((t) => t.id === 't4').status, 'done');

    const created = await api.post('/projects/p1/tasks', { title: 'Launch checklist', due: '2025-03-01' });
    assert.equal(created.status, 201);
    assert.deepEqual(ids(await api.get(todo)), [created.body.id, 't3', 't5'], `${todo} after a task was created`);

    assert.equal((await api.delete('/tasks/t3')).status, 204);
    assert.deepEqual(ids(await api.get(todo)), [created.body.id, 't5'], `${todo} after t3 was deleted`);
  });
}
