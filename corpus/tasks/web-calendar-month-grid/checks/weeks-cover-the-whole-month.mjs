import assert from 'node:assert/strict';
import { assertMonthLaidOut, gridRows, openMonth, position } from './lib/calendar.mjs';

// A month is shown in as many weeks as it spans: March 2025 needs six (the 31st is a Monday), February 2021 four.
export default async function ({ page, baseUrl }) {
  await openMonth(page, baseUrl, '2025-03', 'March 2025');
  const march = await gridRows(page, 'March 2025');
  assert.deepEqual(position(march, '2025-03-31'), { row: 5, column: 0 }, 'March 31st opens a sixth week');
  assertMonthLaidOut(march, 2025, 2, 'March 2025');
  assert.equal(march.length, 6, 'weeks in March 2025');
  assert.match(await page.locator('[role="grid"] td[data-date="2025-03-31"]').textContent(), /Quarter close/);

  await openMonth(page, baseUrl, '2024-12', 'December 2024');
  const december = await gridRows(page, 'December 2024');
  assertMonthLaidOut(december, 2024, 11, 'December 2024');
  assert.equal(december.length, 6, 'weeks in December 2024');
  assert.match(await page.locator('[role="grid"] td[data-date="2024-12-31"]').textContent(), /Year-end close/);

  await openMonth(page, baseUrl, '2021-02', 'February 2021');
  const february = await gridRows(page, 'February 2021');
  assertMonthLaidOut(february, 2021, 1, 'February 2021');
  assert.equal(february.length, 4, 'February 2021 (Monday 1st, 28 days) fits in four weeks');
}
