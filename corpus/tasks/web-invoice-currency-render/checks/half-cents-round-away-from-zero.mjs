import { assertLine, assertTotals, listEntry, openInvoice } from './lib/invoice.mjs';
import assert from 'node:assert/strict';

// 0.75 h × €66.66 = €49.995 is €50.00; a −£12.375 rebate is −£12.38; VAT and totals follow from the rounded lines.
export default async function ({ page, baseUrl }) {
  await openInvoice(page, baseUrl, 'INV-2024-031');
  await assertLine(page, 'Design review', { quantity: '0.75 h', unitPrice: '€66.66', amount: '€50.00' }, 'INV-2024-031');
  await assertLine(page, 'Copy edits', { amount: '€17.51' }, 'INV-2024-031');
  await assertTotals(
    page,
    { Subtotal: '€447.50', 'VAT 21%': '€89.78', 'VAT 9%': '€1.80', Total: '€539.08', 'Amount due': '€539.08' },
    'INV-2024-031',
  );
  assert.equal((await listEntry(page, 'INV-2024-031')).total, '€539.08', 'sidebar total of INV-2024-031');

  await openInvoice(page, baseUrl, 'INV-2024-032');
  await assertLine(page, 'Early payment rebate', { unitPrice: '-£24.75', amount: '-£12.38' }, 'INV-2024-032');
  await assertTotals(page, { Subtotal: '£1,067.62', 'VAT 20%': '£213.52', Total: '£1,281.14', 'Amount due': '-£35.50' }, 'INV-2024-032');
}
