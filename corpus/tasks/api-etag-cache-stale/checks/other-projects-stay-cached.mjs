import assert from 'node:assert/strict';
import { withServer } from './lib/http.mjs';

// Writes drop only what they affect (README, Caching): other projects' answers stay cached.
export default async function ({ workspace }) {
  await withServer(workspace, async (api) => {
    const paths = ['/projects/p3', '/projects/p3/tasks', '/projects/p3/tasks?status=todo', '/tasks/t9'];
    for (const path of paths) await api.get(path);

    assert.equal((await api.patch('/tasks/t2', { status: 'done' })).status, 200);
    assert.equal((await api.patch('/tasks/t6', { projectId: 'p1' })).status, 200);

    for (const path of paths) {
      const answer = await api.get(path);
      assert.equal(answer.cache, 'hit', `${path}: must stay cached after writes to p1 and p2`);
    }
    const renamed = await api.patch('/projects/p3', { name: 'Hiring: platform + infra' });
    assert.equal(renamed.status, 200);
    assert.equal((await api.get('/projects')).body.data.find((p) => p.id === 'p3').name, 'Hiring: platform + infra');
  });
}
