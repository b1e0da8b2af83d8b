import assert from 'node:assert/strict';
import { assertLine, assertTotals, listEntry, openInvoice } from './lib/invoice.mjs';

// Discounts, credit notes, payments and a negative balance read "-£120.00", never "£-120.00".
export default async function ({ page, baseUrl }) {
  await openInvoice(page, baseUrl, 'INV-2024-032');
  await assertLine(page, 'Loyalty discount', { unitPrice: '-£120.00', amount: '-£120.00' }, 'INV-2024-032');
  await assertLine(page, 'Annual maintenance plan', { amount: '£1,200.00' }, 'INV-2024-032');
  await assertTotals(page, { 'Credit note CN-2024-007': '-£250.00', 'Paid 28 Mar 2024': '-£1,066.64' }, 'INV-2024-032');
  assert.equal((await listEntry(page, 'INV-2024-032')).status, 'In credit');

  await openInvoice(page, baseUrl, 'INV-2024-030');
  await assertTotals(page, { 'Paid 20 Feb 2024': '-€500.00', 'Amount due': '€708.79' }, 'INV-2024-030');
}
