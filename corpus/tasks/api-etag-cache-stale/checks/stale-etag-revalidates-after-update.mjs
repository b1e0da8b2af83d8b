import assert from 'node:assert/strict';
import { withServer } from './lib/http.mjs';

// The web app revalidates with If-None-Match; an old ETag must not get a 304 after a write.
export default async function ({ workspace }) {
  await withServer(workspace, async (api) => {
    const path = '/projects/p1/tasks?sort=-due';
    const before = await api.get(path);
    assert.equal(before.status, 200);
    assert.ok(before.etag, `${path}: expected an ETag`);

    const edited = await api.patch('/tasks/t2', { title: 'Write and proofread homepage copy' });
    assert.equal(edited.status, 200);

    const again = await api.get(path, { 'if-none-match': before.etag });
    assert.equal(again.status, 200, `${path} with the pre-edit ETag: expected 200 with the new list, got ${again.status}`);
    assert.notEqual(again.etag, before.etag, `${path}: the ETag must change when the list changes`);
    assert.equal(again.body.data.find((t) => t.id === 't2').title, 'Write and proofread homepage copy');

    const fresh = await api.get(path, { 'if-none-match': again.etag });
    assert.equal(fresh.status, 304, `${path} with the current ETag: expected 304, got ${fresh.status}`);
  });
}
