import assert from 'node:assert/strict';
import { withServer } from './lib/http.mjs';
import { walkPages } from './lib/walk.mjs';

// A client that follows nextPage must see all 24 products exactly once and no empty page,
// whether or not the page size divides the total.
export default async function ({ workspace }) {
  await withServer(workspace, async (baseUrl) => {
    for (const pageSize of [5, 6, 7, 8]) {
      const pages = await walkPages(baseUrl, '/products?sort=price', pageSize);
      const ids = pages.flatMap((p) => p.body.data.map((product) => product.id));
      assert.equal(ids.length, 24, `pageSize=${pageSize}: products seen while following nextPage`);
      assert.equal(new Set(ids).size, 24, `pageSize=${pageSize}: a product was repeated`);
      for (const { url, body } of pages) assert.ok(body.data.length > 0, `${url}: empty page`);
      assert.equal(pages.length, Math.ceil(24 / pageSize), `pageSize=${pageSize}: pages fetched`);
    }
  });
}
