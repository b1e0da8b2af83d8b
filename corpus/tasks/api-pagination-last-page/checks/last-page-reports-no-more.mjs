import assert from 'node:assert/strict';
import { withServer, getJson } from './lib/http.mjs';

// 24 products in pages of 8: page 3 is full and is the last one.
export default async function ({ workspace }) {
  await withServer(workspace, async (baseUrl) => {
    const { status, body } = await getJson(baseUrl, '/products?pageSize=8&page=3');
    assert.equal(status, 200);
    assert.equal(body.data.length, 8, 'the last page holds the final 8 products');
    assert.equal(body.pagination.total, 24);
    assert.equal(body.pagination.totalPages, 3, 'pagination.totalPages for 24 items in pages of 8');
    assert.equal(body.pagination.hasMore, false, 'pagination.hasMore on the last page');
    assert.equal(body.pagination.nextPage, null, 'pagination.nextPage on the last page');
  });
}
