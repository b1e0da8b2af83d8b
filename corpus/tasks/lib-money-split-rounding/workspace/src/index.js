export { BillingError } from './errors.js';
export { parseAmount, formatAmount } from './money/amount.js';
export { currencyInfo } from './money/currencies.js';
export { percentOf } from './money/round.js';
export { allocate, splitEvenly } from './money/allocate.js';
export { buildInvoice } from './invoice/invoice.js';
export { splitInvoice, splitByOrder } from './split/split-invoice.js';
export { renderReceipt } from './format/receipt.js';
