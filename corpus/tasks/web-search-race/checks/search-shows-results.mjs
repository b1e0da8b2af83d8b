import assert from 'node:assert/strict';
import { controlSearchApi, resultNames, statusText } from './lib/search.mjs';

// Existing behaviour: results with highlighted matches, the no-match message, and the clear button.
export default async function ({ page, baseUrl, workspace }) {
  const api = await controlSearchApi(page, workspace);
  await page.goto(baseUrl);
  await page.getByText('Start typing to search the shop.').waitFor();
  const box = page.getByLabel('Search products');

  await page.keyboard.press('/');
  await box.pressSequentially('lamp');
  await api.requested('lamp');
  await api.release('lamp');
  await page.getByText('3 results for “lamp”').waitFor();
  assert.deepEqual(await resultNames(page), ['Camden Floor Lamp', 'Cameo Table Lamp', 'Walnut Desk Lamp']);
  assert.deepEqual(await page.locator('.result-name mark').allTextContents(), ['Lamp', 'Lamp', 'Lamp'], 'the match is highlighted');
  assert.equal(await page.locator('.result').first().locator('.result-meta').textContent(), 'lighting£149.00');

  await box.fill('');
  await box.pressSequentially('zebra');
  await api.requested('zebra');
  await api.release('zebra');
  await page.getByText('No products match “zebra”.').waitFor();
  assert.deepEqual(await resultNames(page), []);

  await page.getByRole('button', { name: 'Clear search' }).click();
  await page.getByText('Start typing to search the shop.').waitFor();
  assert.equal(await statusText(page), '');
  assert.equal(await box.inputValue(), '');
}
