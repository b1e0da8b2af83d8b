import assert from 'node:assert/strict';
import { withServer } from './lib/http.mjs';
import { walkPages } from './lib/walk.mjs';

// Kitchen has 6 products and lighting 9; in pages of 3 both end on a full page.
export default async function ({ workspace }) {
  await withServer(workspace, async (baseUrl) => {
    for (const [slug, count] of [['kitchen', 6], ['lighting', 9]]) {
      const pages = await walkPages(baseUrl, `/categories/${slug}/products`, 3);
      assert.equal(pages.length, count / 3, `${slug}: pages fetched while following nextPage`);
      for (const { url, body } of pages) {
        assert.equal(body.data.length, 3, `${url}: every page is full`);
        assert.equal(body.pagination.totalPages, count / 3, `${url}: pagination.totalPages`);
      }
    }
  });
}
