import assert from 'node:assert/strict';
import { withServer, getJson } from './lib/http.mjs';

// The default page size (10) leaves a partial last page; that already worked and must keep working.
export default async function ({ workspace }) {
  await withServer(workspace, async (baseUrl) => {
    const first = await getJson(baseUrl, '/products');
    assert.equal(first.status, 200);
    assert.equal(first.body.data.length, 10);
    assert.deepEqual(first.body.pagination, { page: 1, pageSize: 10, total: 24, totalPages: 3, hasMore: true, nextPage: 2 });

    const last = await getJson(baseUrl, '/products?page=3');
    assert.equal(last.status, 200);
    assert.equal(last.body.data.length, 4);
    assert.deepEqual(last.body.pagination, { page: 3, pageSize: 10, total: 24, totalPages: 3, hasMore: false, nextPage: null });

    const beyond = await getJson(baseUrl, '/products?page=4');
    assert.equal(beyond.status, 404);

    const clamped = await getJson(baseUrl, '/products?pageSize=500');
    assert.equal(clamped.status, 200);
    assert.equal(clamped.body.pagination.pageSize, 50);
    assert.equal(clamped.body.data.length, 24);

    const bad = await getJson(baseUrl, '/products?page=0');
    assert.equal(bad.status, 400);
  });
}
