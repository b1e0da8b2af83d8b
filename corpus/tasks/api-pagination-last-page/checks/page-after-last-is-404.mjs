import assert from 'node:assert/strict';
import { withServer, getJson } from './lib/http.mjs';

// 24 products in pages of 12 make exactly 2 pages; page 3 is out of range.
export default async function ({ workspace }) {
  await withServer(workspace, async (baseUrl) => {
    const { status, body } = await getJson(baseUrl, '/products?pageSize=12&page=3');
    assert.equal(status, 404, `GET /products?pageSize=12&page=3: expected 404, got ${status} ${JSON.stringify(body)}`);
    assert.equal(body.error, 'page out of range');
  });
}
