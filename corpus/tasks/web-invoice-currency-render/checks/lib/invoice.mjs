import assert from 'node:assert/strict';

/** Opens the viewer on one invoice and waits until that invoice is rendered. */
export async function openInvoice(page, baseUrl, id) {
  await page.goto(`${baseUrl}#/invoices/${id}`);
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
  await page.locator('main h1', { hasText: `Invoice ${id}` }).waitFor();
}

const clean = (text) => text.replace(/\s+/g, ' ').trim();

/** Line items as { description, quantity, unitPrice, vat, amount } strings, in table order. */
export async function lineItems(page) {
  const rows = page.getByRole('table', { name: 'Line items' }).locator('tbody tr');
  const result = [];
  for (const row of await rows.all()) {
    const [description, quantity, unitPrice, vat, amount] = (await row.locator('td').allTextContents()).map(clean);
    result.push({ description, quantity, unitPrice, vat, amount });
  }
  return result;
}

/** The totals list as an array of [label, amount] pairs, in display order. */
export async function totals(page) {
  const list = page.locator('dl[aria-label="Totals"]');
  const labels = (await list.locator('dt').allTextContents()).map(clean);
  const amounts = (await list.locator('dd').allTextContents()).map(clean);
  return labels.map((label, i) => [label, amounts[i]]);
}

export async function assertLine(page, description, expected, context) {
  const line = (await lineItems(page)).find((l) => l.description === description);
  assert.ok(line, `${context}: a line "${description}"`);
  for (const [field, value] of Object.entries(expected)) {
    assert.equal(line[field], value, `${context}: ${field} of "${description}"`);
  }
}

export async function assertTotals(page, expected, context) {
  const shown = Object.fromEntries(await totals(page));
  for (const [label, value] of Object.entries(expected)) {
    assert.equal(shown[label], value, `${context}: "${label}" in the totals (shown: ${JSON.stringify(shown)})`);
  }
}

/** The sidebar entry of an invoice: its total and status text. */
export async function listEntry(page, id) {
  const link = page.locator(`.invoice-list a[data-invoice="${id}"]`);
  return { total: clean(await link.locator('.list-total').textContent()), status: clean(await link.locator('.badge').textContent()) };
}
