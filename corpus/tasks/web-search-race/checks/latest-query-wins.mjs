import assert from 'node:assert/strict';
import { controlSearchApi, resultNames, settle, statusText } from './lib/search.mjs';

// A slow answer for an earlier query must never replace the results of the current one.
export default async function ({ page, baseUrl, workspace }) {
  const api = await controlSearchApi(page, workspace);
  await page.goto(baseUrl);
  const box = page.getByLabel('Search products');

  await box.pressSequentially('c');
  await api.requested('c');
  await box.pressSequentially('am');
  await api.requested('cam');

  await api.release('cam');
  await page.getByText('3 results for “cam”').waitFor();
  await api.release('c');
  await settle(page);

  assert.equal(await box.inputValue(), 'cam');
  assert.deepEqual(await resultNames(page), api.expectedNames('cam'), 'the results are those for "cam" after the late answer for "c" arrived');
  assert.equal(await statusText(page), '3 results for “cam”', 'the status still describes "cam"');
  assert.equal(await page.locator('#results').getAttribute('aria-busy'), 'false', 'the results region is not busy');
}
