import { h } from '../utils/dom.js';
import { formatMoney } from '../format/money.js';
import { formatDate } from '../format/date.js';
import { formatPercent } from '../format/number.js';

function row(label, minor, currency, grand = false) {
  const cls = grand ? 'grand' : null;
  return [h('dt', { class: cls }, label), h('dd', { class: grand ? 'amount grand' : 'amount' }, formatMoney(minor, currency))];
}

/** Subtotal, VAT per rate and total, then what reduces the balance (shown negative) and the amount due. */
export function totalsPanel(invoice) {
  const { currency } = invoice;
  return h(
    'dl',
    { class: 'totals', 'aria-label': 'Totals' },
    row('Subtotal', invoice.subtotal, currency),
    invoice.vat.map((rate) => row(`VAT ${formatPercent(rate.rate)}`, rate.vatMinor, currency)),
    row('Total', invoice.total, currency, true),
    invoice.credits.map((credit) => row(`Credit note ${credit.reference}`, -credit.amountMinor, currency)),
    invoice.payments.map((payment) => row(`Paid ${formatDate(payment.on)}`, -payment.amountMinor, currency)),
    row('Amount due', invoice.amountDue, currency, true),
  );
}
