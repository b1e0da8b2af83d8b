import { toMinor } from '../format/money.js';

/** Credit notes applied to the invoice; amounts are positive in the export. */
export function priceCredits(credits, currency) {
  return credits.map((credit) => ({
    reference: credit.reference,
    note: credit.note,
    amountMinor: toMinor(credit.amount, currency),
  }));
}
