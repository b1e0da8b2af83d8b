import assert from 'node:assert/strict';
import { lineItems, listEntry, openInvoice, totals } from './lib/invoice.mjs';

// Existing behaviour: a plain euro invoice renders as it always has, and the sidebar switches invoices.
export default async function ({ page, baseUrl }) {
  await openInvoice(page, baseUrl, 'INV-2024-030');
  assert.deepEqual(await lineItems(page), [
    { description: 'Brand workshop (half day)', quantity: '1 day', unitPrice: '€950.00', vat: '21%', amount: '€950.00' },
    { description: 'Workshop materials', quantity: '2 set', unitPrice: '€24.50', vat: '21%', amount: '€49.00' },
  ]);
  const shown = await totals(page);
  assert.deepEqual(
    shown.filter(([label]) => !label.startsWith('Paid')),
    [['Subtotal', '€999.00'], ['VAT 21%', '€209.79'], ['Total', '€1,208.79'], ['Amount due', '€708.79']],
  );
  assert.equal((await page.locator('.issued-on').textContent()).trim(), '12 Feb 2024');
  assert.equal((await page.locator('.due-on').textContent()).trim(), '13 Mar 2024');
  assert.equal((await page.locator('.customer-name').textContent()).trim(), 'Brightwater Studio BV');
  const payment = (await page.getByRole('region', { name: 'Payments' }).locator('li').textContent()).replace(/\s+/g, ' ').trim();
  assert.equal(payment, '20 Feb 2024 · SEPA transfer €500.00');
  assert.deepEqual(await listEntry(page, 'INV-2024-030'), { total: '€1,208.79', status: 'Open' });
  assert.equal(await page.locator('.invoice-list a[data-invoice="INV-2024-030"]').getAttribute('aria-current'), 'page');

  await page.locator('.invoice-list a[data-invoice="INV-2024-031"]').click();
  await page.locator('main h1', { hasText: 'Invoice INV-2024-031' }).waitFor();
  assert.equal(await page.locator('.invoice-list a[data-invoice="INV-2024-031"]').getAttribute('aria-current'), 'page');
  assert.equal((await lineItems(page)).length, 4, 'INV-2024-031 has four lines');
}
