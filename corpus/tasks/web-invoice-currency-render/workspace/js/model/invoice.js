import { sumBy } from '../utils/sum.js';
import { priceLine } from './lineItem.js';
import { vatBreakdown } from './tax.js';
import { priceCredits } from './credits.js';
import { pricePayments } from './payments.js';
import { balanceStatus } from './status.js';

/** Everything the views show about one invoice, with every amount in integer minor units. */
export function buildInvoice(raw) {
  const { currency } = raw;
  const lines = raw.lines.map((line) => priceLine(line, currency));
  const vat = vatBreakdown(lines);
  const subtotal = sumBy(lines, (line) => line.amountMinor);
  const total = subtotal + sumBy(vat, (rate) => rate.vatMinor);
  const credits = priceCredits(raw.credits ?? [], currency);
  const payments = pricePayments(raw.payments ?? [], currency);
  const amountDue = total - sumBy(credits, (c) => c.amountMinor) - sumBy(payments, (p) => p.amountMinor);

  return {
    id: raw.id,
    currency,
    customer: raw.customer,
    issuedOn: raw.issuedOn,
    dueOn: raw.dueOn,
    lines,
    vat,
    subtotal,
    total,
    credits,
    payments,
    amountDue,
    status: balanceStatus(amountDue),
  };
}
