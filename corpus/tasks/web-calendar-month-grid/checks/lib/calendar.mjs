import assert from 'node:assert/strict';

/** Opens the calendar on a month ("2025-03") and waits for the month view to show it. */
export async function openMonth(page, baseUrl, key, title) {
  await page.goto(`${baseUrl}#/${key}`);
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
  await page.getByRole('grid', { name: title }).waitFor();
}

/** A table's body as rows of ISO dates (null for an empty cell), read from data-date. */
export async function gridRows(page, tableName) {
  const table = page.getByRole('table', { name: tableName, exact: true }).or(page.getByRole('grid', { name: tableName, exact: true }));
  return table.first().evaluate((element) =>
    [...element.querySelectorAll('tbody tr')].map((row) => [...row.querySelectorAll('td')].map((cell) => cell.getAttribute('data-date'))),
  );
}

/** Where a date sits: { row, column } (column 0 = Monday), or null if it is not shown. */
export function position(rows, iso) {
  for (let row = 0; row < rows.length; row += 1) {
    const column = rows[row].indexOf(iso);
    if (column !== -1) return { row, column };
  }
  return null;
}

/** Every day of the month appears exactly once, in the column of its real weekday. */
export function assertMonthLaidOut(rows, year, month, context) {
  const days = new Date(year, month + 1, 0).getDate();
  const shown = rows.flat().filter((iso) => iso !== null);
  assert.equal(shown.length, days, `${context}: days shown (${JSON.stringify(rows)})`);
  for (let day = 1; day <= days; day += 1) {
    const iso = `${year}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    const at = position(rows, iso);
    assert.ok(at, `${context}: ${iso} is shown`);
    const mondayFirst = (new Date(year, month, day).getDay() + 6) % 7;
    assert.equal(at.column, mondayFirst, `${context}: column of ${iso} (0 = Mon)`);
  }
  for (const row of rows) assert.equal(row.length, 7, `${context}: seven cells per week`);
}
