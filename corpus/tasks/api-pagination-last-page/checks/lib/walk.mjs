import assert from 'node:assert/strict';
import { getJson } from './http.mjs';

/** Follows `nextPage` the way the storefront and the app do, and records every response. */
export async function walkPages(baseUrl, path, pageSize) {
  const pages = [];
  let page = 1;
  while (page !== null) {
    assert.ok(pages.length < 50, `GET ${path}: still following nextPage after 50 pages`);
    const sep = path.includes('?') ? '&' : '?';
    const url = `${path}${sep}pageSize=${pageSize}&page=${page}`;
    const { status, body } = await getJson(baseUrl, url);
    assert.equal(status, 200, `GET ${url}: expected 200 while following nextPage, got ${status}`);
    pages.push({ url, body });
    page = body.pagination.nextPage;
  }
  return pages;
}
