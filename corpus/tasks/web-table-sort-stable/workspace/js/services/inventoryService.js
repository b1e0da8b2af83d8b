import { INVENTORY } from '../data/inventory.js';

/**
 * Client for GET /api/inventory. This build answers from fixtures; the API returns
 * rows ordered by SKU, which is the table's default order.
 */
export async function listInventory() {
  return INVENTORY.map((row) => ({ ...row })).sort((a, b) => (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0));
}
