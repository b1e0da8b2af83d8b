import assert from 'node:assert/strict';

export async function openInventory(page, baseUrl) {
  await page.goto(`${baseUrl}#/inventory`);
  await page.locator('#inventory-table tbody tr').first().waitFor();
}

/** Clicks a column header's sort button `times` times and waits for its aria-sort to settle. */
export async function sortBy(page, label, times, expected) {
  const header = page.locator('#inventory-table th', { has: page.getByRole('button', { name: label, exact: true }) });
  for (let i = 0; i < times; i += 1) await header.getByRole('button').click();
  assert.equal(await header.getAttribute('aria-sort'), expected, `aria-sort of "${label}"`);
}

/** The text of one column in the order the rows are shown. */
export async function columnValues(page, key) {
  return page.locator(`#inventory-table tbody td[data-column="${key}"]`).allTextContents();
}

export async function skus(page) {
  return columnValues(page, 'sku');
}
