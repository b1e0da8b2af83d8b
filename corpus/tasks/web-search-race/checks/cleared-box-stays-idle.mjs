import assert from 'node:assert/strict';
import { controlSearchApi, resultNames, settle, statusText } from './lib/search.mjs';

// Clearing the box while a search is running leaves the idle hint, even when that answer arrives later.
export default async function ({ page, baseUrl, workspace }) {
  const api = await controlSearchApi(page, workspace);
  await page.goto(baseUrl);
  const box = page.getByLabel('Search products');

  await box.pressSequentially('oak');
  await api.requested('oak');
  await box.press('Escape');
  await page.getByText('Start typing to search the shop.').waitFor();

  await api.release('oak');
  await settle(page);

  assert.equal(await box.inputValue(), '');
  assert.deepEqual(await resultNames(page), [], 'no results are shown for an empty box');
  assert.equal(await statusText(page), '', 'the status line is empty');
  assert.equal(await page.getByText('Start typing to search the shop.').count(), 1, 'the idle hint is still shown');
}
