import assert from 'node:assert/strict';
import { loadLibrary } from './lib/load.mjs';

const TABLE_12 = {
  currency: 'USD',
  discountPercent: 15,
  lines: [
    { description: 'Bruschetta', unitPrice: '4.10', taxRate: 8.875 },
    { description: 'Olives', unitPrice: '2.30', taxRate: 8.875 },
    { description: 'Espresso', unitPrice: '1.70', taxRate: 8.875 },
  ],
};

// 15% of $8.10 is $1.215, rounded once: $1.22, spread over the lines so that line discounts add up to it.
export default async function ({ workspace }) {
  const { buildInvoice, renderReceipt, splitInvoice } = await loadLibrary(workspace);
  const invoice = buildInvoice(TABLE_12);
  assert.equal(invoice.subtotal, 810);
  assert.equal(invoice.discount, 122, 'discount is 15% of the subtotal, rounded once');
  assert.deepEqual(invoice.lines.map((line) => line.discount), [62, 35, 25], 'line discounts allocated by line amount');
  assert.deepEqual(invoice.lines.map((line) => line.net), [348, 195, 145]);
  assert.deepEqual(invoice.taxes, [{ rate: 8.875, base: 688, amount: 61 }]);
  assert.equal(invoice.total, 749);
  assert.match(renderReceipt(invoice, { split: splitInvoice(invoice, 3) }), /Discount 15% +-\$1\.22\n[^]*Total +\$7\.49\nSplit 3 ways: \$2\.50, \$2\.50, \$2\.49\n$/);

  // Mixed tax rates: the discount still adds up across lines, and tax is charged on the discounted nets.
  const mixed = buildInvoice({
    currency: 'EUR',
    discountPercent: 12.5,
    lines: [
      { description: 'Book', unitPrice: '9.99', taxRate: 7 },
      { description: 'Bookmark', unitPrice: '1.99', quantity: 3, taxRate: 19 },
      { description: 'Gift wrap', unitPrice: '0.45', taxRate: 19 },
    ],
  });
  assert.equal(mixed.subtotal, 1641);
  assert.equal(mixed.discount, 205, '12.5% of 16.41 is 2.05125');
  assert.equal(mixed.lines.reduce((sum, line) => sum + line.discount, 0), 205, 'line discounts add up to the discount');
  assert.deepEqual(mixed.lines.map((line) => line.discount), [125, 74, 6]);
  assert.deepEqual(mixed.taxes, [{ rate: 7, base: 874, amount: 61 }, { rate: 19, base: 562, amount: 107 }]);
  assert.equal(mixed.total, 1641 - 205 + 61 + 107);
}
