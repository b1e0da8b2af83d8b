import assert from 'node:assert/strict';
import { assertMonthLaidOut, gridRows, openMonth, position } from './lib/calendar.mjs';

// September and December 2024 begin on a Sunday: the 1st belongs in the last column of the first week.
export default async function ({ page, baseUrl }) {
  for (const [key, title, year, month] of [['2024-09', 'September 2024', 2024, 8], ['2024-12', 'December 2024', 2024, 11], ['2025-06', 'June 2025', 2025, 5]]) {
    await openMonth(page, baseUrl, key, title);
    const rows = await gridRows(page, title);
    assert.deepEqual(position(rows, `${key}-01`), { row: 0, column: 6 }, `${title}: the 1st is the first week's Sunday`);
    assertMonthLaidOut(rows, year, month, title);
    const first = page.locator(`[role="grid"] td[data-date="${key}-01"]`);
    assert.equal(await first.getAttribute('aria-label'), `Sunday 1 ${title}`);
  }
  const sept = page.locator('[role="grid"] td[data-date="2024-09-01"]');
  await openMonth(page, baseUrl, '2024-09', 'September 2024');
  assert.match(await sept.textContent(), /On-call handover/, 'the event of 1 September sits in its cell');
}
