import assert from 'node:assert/strict';
import { withServer, getJson } from './lib/http.mjs';

// The clearance category is empty: page 1 is a valid, empty page (not a 404).
export default async function ({ workspace }) {
  await withServer(workspace, async (baseUrl) => {
    const empty = await getJson(baseUrl, '/categories/clearance/products');
    assert.equal(empty.status, 200, `GET /categories/clearance/products: expected 200, got ${empty.status}`);
    assert.deepEqual(empty.body.data, []);
    assert.equal(empty.body.pagination.total, 0);
    assert.equal(empty.body.pagination.hasMore, false);
    assert.equal(empty.body.pagination.nextPage, null);

    const noMatch = await getJson(baseUrl, '/products?q=zeppelin');
    assert.equal(noMatch.status, 200, `GET /products?q=zeppelin: expected 200, got ${noMatch.status}`);
    assert.deepEqual(noMatch.body.data, []);

    const one = await getJson(baseUrl, '/products/p004');
    assert.equal(one.status, 200);
    assert.equal(one.body.name, 'Chef Knife 20cm');
    assert.equal(one.body.price, '54.00');
    assert.equal((await getJson(baseUrl, '/products/p999')).status, 404);
  });
}
