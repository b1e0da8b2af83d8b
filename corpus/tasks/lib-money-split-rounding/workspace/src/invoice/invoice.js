import { BillingError } from '../errors.js';
import { sumMinor } from '../money/amount.js';
import { currencyInfo } from '../money/currencies.js';
import { applyDiscount } from './discounts.js';
import { priceLine } from './lines.js';
import { taxByRate } from './tax.js';

/**
 * Prices an order: `{ currency, lines: [{ description, unitPrice, quantity?, taxRate? }], discountPercent? }`.
 * Every amount in the result is in minor units of `currency`.
 */
export function buildInvoice(order) {
  if (!order || typeof order !== 'object') throw new BillingError('expected an order object', 'order');
  const { code: currency } = currencyInfo(order.currency);
  if (!Array.isArray(order.lines) || order.lines.length === 0) {
    throw new BillingError('an invoice needs at least one line', 'lines');
  }
  const priced = order.lines.map((line, index) => priceLine(line, index, currency));
  const discountPercent = order.discountPercent ?? 0;
  const lines = applyDiscount(priced, discountPercent);
  const taxes = taxByRate(lines);

  const subtotal = sumMinor(lines.map((line) => line.amount));
  const discount = sumMinor(lines.map((line) => line.discount));
  const tax = sumMinor(taxes.map((entry) => entry.amount));
  return {
    currency,
    lines,
    subtotal,
    discountPercent,
    discount,
    taxes,
    tax,
    total: subtotal - discount + tax,
  };
}
