import assert from 'node:assert/strict';
import { assertMonthLaidOut, gridRows, openMonth } from './lib/calendar.mjs';

// The sidebar picker lays out the month the same way, and picking the 31st selects it in the month view.
export default async function ({ page, baseUrl }) {
  await openMonth(page, baseUrl, '2024-09', 'September 2024');
  const september = await gridRows(page, 'Pick a date, September 2024');
  assertMonthLaidOut(september, 2024, 8, 'picker, September 2024');
  assert.deepEqual(september, await gridRows(page, 'September 2024'), 'picker and month view agree');

  await openMonth(page, baseUrl, '2025-03', 'March 2025');
  const march = await gridRows(page, 'Pick a date, March 2025');
  assertMonthLaidOut(march, 2025, 2, 'picker, March 2025');
  await page.locator('.picker td[data-date="2025-03-31"] button').click();
  assert.equal((await page.locator('#selected-day').textContent()).trim(), 'Selected: Monday 31 March 2025');
  assert.equal(await page.locator('[role="grid"] td[data-date="2025-03-31"]').getAttribute('class'), 'selected');
}
