import assert from 'node:assert/strict';
import { openInventory, skus, sortBy } from './lib/table.mjs';

// Descending order flips the values only: blanks stay at the bottom and equal values keep the SKU order.
const RESTOCK_DESCENDING = ['AC-1009', 'AC-1020', 'AC-1003', 'AC-1014', 'AC-1001', 'AC-1008', 'AC-1016', 'AC-1023', 'AC-1007', 'AC-1021', 'AC-1017', 'AC-1002', 'AC-1012', 'AC-1024', 'AC-1015', 'AC-1018', 'AC-1005', 'AC-1022', 'AC-1010', 'AC-1006', 'AC-1013', 'AC-1004', 'AC-1011', 'AC-1019'];
const STOCK_DESCENDING = ['AC-1009', 'AC-1003', 'AC-1020', 'AC-1012', 'AC-1022', 'AC-1016', 'AC-1001', 'AC-1007', 'AC-1015', 'AC-1004', 'AC-1010', 'AC-1021', 'AC-1024', 'AC-1017', 'AC-1002', 'AC-1019', 'AC-1023', 'AC-1008', 'AC-1014', 'AC-1006', 'AC-1013', 'AC-1005', 'AC-1011', 'AC-1018'];

export default async function ({ page, baseUrl }) {
  await openInventory(page, baseUrl);
  await sortBy(page, 'Last restock', 2, 'descending');
  assert.deepEqual(await skus(page), RESTOCK_DESCENDING, 'newest restock first, same-day restocks in SKU order, never-restocked rows last');

  await sortBy(page, 'Stock', 2, 'descending');
  assert.deepEqual(await skus(page), STOCK_DESCENDING, 'highest stock first, equal stock in SKU order, unknown stock last');
}
