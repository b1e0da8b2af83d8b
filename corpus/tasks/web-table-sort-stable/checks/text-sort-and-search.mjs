import assert from 'node:assert/strict';
import { columnValues, openInventory, skus, sortBy } from './lib/table.mjs';

const NAMES_ASCENDING = ['Bamboo cutting board', 'Brass floor lamp', 'Candle set, fig', 'Cast iron skillet', 'Ceramic table lamp', 'Cotton napkins, set of 4', 'Glass carafe', 'Jute rug 160x230', 'Linen cushion, sand', 'Linen duvet cover', 'Marble coaster set', 'Mirror, round 60cm', 'Oak bookshelf', 'Oak dining chair', 'Picture frame, brass', 'Rattan pendant shade', 'Reed diffuser, cedar', 'Side table, ash', 'Stoneware mug', 'Vase, tall ceramic', 'Velvet armchair', 'Wall sconce, black', 'Walnut coffee table', 'Wool throw, grey'];
const CATEGORY_ASCENDING = ['AC-1022', 'AC-1023', 'AC-1024', 'AC-1001', 'AC-1002', 'AC-1013', 'AC-1014', 'AC-1019', 'AC-1020', 'AC-1021', 'AC-1009', 'AC-1010', 'AC-1011', 'AC-1012', 'AC-1016', 'AC-1005', 'AC-1006', 'AC-1007', 'AC-1017', 'AC-1003', 'AC-1004', 'AC-1008', 'AC-1015', 'AC-1018'];

// Existing behaviour: default order, text sorting both ways, aria-sort on headers, stable ascending ties, search.
export default async function ({ page, baseUrl }) {
  await openInventory(page, baseUrl);
  const defaultOrder = await skus(page);
  assert.deepEqual(defaultOrder, [...defaultOrder].sort(), 'the default order is by SKU');
  assert.equal(await page.locator('#inventory-table th[aria-sort="none"]').count(), 7, 'every sortable header starts unsorted');

  await sortBy(page, 'Product', 1, 'ascending');
  assert.deepEqual(await columnValues(page, 'name'), NAMES_ASCENDING, 'products A to Z');
  await sortBy(page, 'Product', 1, 'descending');
  assert.deepEqual(await columnValues(page, 'name'), [...NAMES_ASCENDING].reverse(), 'products Z to A');

  await sortBy(page, 'Category', 1, 'ascending');
  assert.deepEqual(await skus(page), CATEGORY_ASCENDING, 'categories A to Z, SKU order within a category');
  assert.equal(await page.locator('#inventory-table th[aria-sort="none"]').count(), 6, 'only the sorted header has an aria-sort other than none');

  await page.getByLabel('Search products').fill('lamp');
  await page.getByText('Showing 1–2 of 2').waitFor();
  assert.deepEqual(await columnValues(page, 'name'), ['Ceramic table lamp', 'Brass floor lamp'], 'search keeps the current sort');
  assert.deepEqual(await columnValues(page, 'stock'), ['—', '0'], 'an unknown stock shows a dash');
}
