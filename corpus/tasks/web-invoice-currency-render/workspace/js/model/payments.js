import { toMinor } from '../format/money.js';

/** Payments received against the invoice, oldest first. */
export function pricePayments(payments, currency) {
  return payments
    .map((payment) => ({ on: payment.on, method: payment.method, amountMinor: toMinor(payment.amount, currency) }))
    .sort((a, b) => a.on.localeCompare(b.on));
}
