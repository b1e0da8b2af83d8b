import assert from 'node:assert/strict';
import { loadLibrary } from './lib/load.mjs';

// Existing behaviour: invoices whose discount divides evenly, tax per rate, receipts and input errors.
export default async function ({ workspace }) {
  const { buildInvoice, renderReceipt, splitInvoice, splitByOrder, BillingError } = await loadLibrary(workspace);

  const plain = buildInvoice({
    currency: 'USD',
    lines: [
      { description: 'Margherita', unitPrice: '12.00', quantity: 2, taxRate: 8.875 },
      { description: 'Sparkling water', unitPrice: '3.50', taxRate: 8.875 },
      { description: 'Gift card', unitPrice: '20' },
    ],
  });
  assert.deepEqual(
    { subtotal: plain.subtotal, discount: plain.discount, taxes: plain.taxes, tax: plain.tax, total: plain.total },
    { subtotal: 4750, discount: 0, taxes: [{ rate: 8.875, base: 2750, amount: 244 }], tax: 244, total: 4994 },
  );
  assert.deepEqual(plain.lines.map((line) => [line.amount, line.discount, line.net]), [[2400, 0, 2400], [350, 0, 350], [2000, 0, 2000]]);
  assert.deepEqual(splitInvoice(plain, 2), [2497, 2497]);

  const even = buildInvoice({
    currency: 'GBP',
    discountPercent: 10,
    lines: [
      { description: 'Boots', unitPrice: '80.00', taxRate: 20 },
      { description: 'Laces', unitPrice: '5.00', quantity: 2, taxRate: 20 },
    ],
  });
  assert.equal(even.discount, 900);
  assert.deepEqual(even.lines.map((line) => line.discount), [800, 100]);
  assert.equal(even.total, 9720);
  assert.deepEqual([...splitByOrder(even, ['kim', 'lee'])], [['kim', 8640], ['lee', 1080]]);
  assert.equal(
    renderReceipt(even, { title: 'Order 881' }),
    [
      'Order 881',
      '------------------------------------',
      'Boots                         £80.00',
      '2 x Laces                     £10.00',
      '------------------------------------',
      'Subtotal                      £90.00',
      'Discount 10%                  -£9.00',
      'Tax 20%                       £16.20',
      'Total                         £97.20',
      '',
    ].join('\n'),
  );

  assert.throws(() => buildInvoice({ currency: 'USD', lines: [] }), BillingError);
  assert.throws(() => buildInvoice({ currency: 'XYZ', lines: [{ description: 'x', unitPrice: '1' }] }), /unknown currency/);
  assert.throws(() => buildInvoice({ currency: 'USD', lines: [{ description: 'x', unitPrice: '1', quantity: 0 }] }), /lines\[0\]\.quantity/);
  assert.throws(() => buildInvoice({ currency: 'USD', discountPercent: 120, lines: [{ description: 'x', unitPrice: '1' }] }), /discountPercent/);
}
