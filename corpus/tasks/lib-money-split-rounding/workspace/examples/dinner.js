import { buildInvoice, renderReceipt, splitInvoice } from '../src/index.js';

const invoice = buildInvoice({
  currency: 'USD',
  discountPercent: 15,
  lines: [
    { description: 'Bruschetta', unitPrice: '4.10', quantity: 1, taxRate: 8.875 },
    { description: 'Olives', unitPrice: '2.30', quantity: 1, taxRate: 8.875 },
    { description: 'Espresso', unitPrice: '1.70', quantity: 1, taxRate: 8.875 },
  ],
});

console.log(renderReceipt(invoice, { title: 'Table 12', split: splitInvoice(invoice, 3) }));
