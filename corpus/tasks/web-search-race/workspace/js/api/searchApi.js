import { getJson } from './client.js';

export const PAGE_SIZE = 20;

/** Searches the catalogue: { query, total, items: [{ id, name, category, price }] }. */
export function searchProducts(query, { signal } = {}) {
  return getJson('api/search', { params: { q: query, limit: PAGE_SIZE }, signal });
}
