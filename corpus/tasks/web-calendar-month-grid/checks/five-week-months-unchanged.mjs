import assert from 'node:assert/strict';
import { assertMonthLaidOut, gridRows, openMonth, position } from './lib/calendar.mjs';

// Existing behaviour: months that start Monday–Saturday and fit five weeks, headers, events and navigation.
export default async function ({ page, baseUrl }) {
  await openMonth(page, baseUrl, '2024-04', 'April 2024');
  const headers = (await page.locator('[role="grid"] thead th').allTextContents()).map((t) => t.trim());
  assert.deepEqual(headers, ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
  const april = await gridRows(page, 'April 2024');
  assert.deepEqual(position(april, '2024-04-01'), { row: 0, column: 0 });
  assertMonthLaidOut(april, 2024, 3, 'April 2024');
  assert.equal(await page.locator('[role="grid"] td[data-date="2024-04-30"]').getAttribute('aria-label'), 'Tuesday 30 April 2024');
  assert.match(await page.locator('[role="grid"] td[data-date="2024-04-15"]').textContent(), /Noor: early shift/);

  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('grid', { name: 'May 2024' }).waitFor();
  assert.equal((await page.locator('.toolbar h1').textContent()).trim(), 'May 2024');
  const may = await gridRows(page, 'May 2024');
  assert.deepEqual(position(may, '2024-05-01'), { row: 0, column: 2 });
  assertMonthLaidOut(may, 2024, 4, 'May 2024');

  await openMonth(page, baseUrl, '2025-02', 'February 2025');
  const february = await gridRows(page, 'February 2025');
  assert.deepEqual(position(february, '2025-02-01'), { row: 0, column: 5 });
  assertMonthLaidOut(february, 2025, 1, 'February 2025');
  assertMonthLaidOut(await gridRows(page, 'Pick a date, February 2025'), 2025, 1, 'picker, February 2025');
  await page.getByRole('button', { name: 'Previous' }).click();
  await page.getByRole('grid', { name: 'January 2025' }).waitFor();
}
