import assert from 'node:assert/strict';
import { assertLine, assertTotals, listEntry, openInvoice } from './lib/invoice.mjs';

// JPY has no minor unit: ¥4,500 is shown as "¥4,500", and half a ¥1,999 hour rounds to ¥1,000.
export default async function ({ page, baseUrl }) {
  await openInvoice(page, baseUrl, 'INV-2024-033');
  await assertLine(page, 'Translation EN→JA (per 1,000 words)', { unitPrice: '¥4,500', amount: '¥54,000' }, 'INV-2024-033');
  await assertLine(page, 'Terminology glossary', { amount: '¥18,000' }, 'INV-2024-033');
  await assertLine(page, 'Proofreading', { unitPrice: '¥1,999', amount: '¥1,000' }, 'INV-2024-033');
  await assertTotals(page, { Subtotal: '¥80,500', 'VAT 10%': '¥8,050', Total: '¥88,550', 'Amount due': '¥88,550' }, 'INV-2024-033');
  assert.deepEqual(await listEntry(page, 'INV-2024-033'), { total: '¥88,550', status: 'Open' }, 'sidebar entry of INV-2024-033');
}
