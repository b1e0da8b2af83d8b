import assert from 'node:assert/strict';
import { openInventory, skus, sortBy } from './lib/table.mjs';

// Stock values arrive as strings such as "1,204": sorting orders them by value, blanks last, ties by SKU.
const STOCK_ASCENDING = ['AC-1006', 'AC-1013', 'AC-1014', 'AC-1008', 'AC-1023', 'AC-1002', 'AC-1019', 'AC-1017', 'AC-1024', 'AC-1004', 'AC-1010', 'AC-1021', 'AC-1001', 'AC-1007', 'AC-1015', 'AC-1016', 'AC-1022', 'AC-1012', 'AC-1003', 'AC-1020', 'AC-1009', 'AC-1005', 'AC-1011', 'AC-1018'];

export default async function ({ page, baseUrl }) {
  await openInventory(page, baseUrl);
  await sortBy(page, 'Stock', 1, 'ascending');
  assert.deepEqual(await skus(page), STOCK_ASCENDING, 'rows by stock ascending (0, 0, 7, 9, … 1,050, 1,204, 1,204, 2,310, then the blanks)');
}
