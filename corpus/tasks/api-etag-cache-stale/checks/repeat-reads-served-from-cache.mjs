import assert from 'node:assert/strict';
import { withServer } from './lib/http.mjs';

// The cache and conditional GETs are the point of this service; a fix must keep them.
export default async function ({ workspace }) {
  await withServer(workspace, async (api) => {
    for (const path of ['/projects', '/projects/p1', '/projects/p1/tasks?status=todo', '/tasks/t1']) {
      const first = await api.get(path);
      assert.equal(first.status, 200, `${path}: first read`);
      assert.equal(first.cache, 'miss', `${path}: first read is a miss`);
      const second = await api.get(path);
      assert.equal(second.cache, 'hit', `${path}: second read must come from the cache`);
      assert.equal(second.etag, first.etag, `${path}: unchanged answer keeps its ETag`);
      assert.equal(second.text, first.text);
      const conditional = await api.get(path, { 'if-none-match': first.etag });
      assert.equal(conditional.status, 304, `${path}: matching If-None-Match`);
      assert.equal(conditional.text, '');
    }
    assert.equal((await api.get('/tasks/t404')).status, 404);
    assert.equal((await api.get('/projects/p1/tasks?status=blocked')).status, 400);
  });
}
