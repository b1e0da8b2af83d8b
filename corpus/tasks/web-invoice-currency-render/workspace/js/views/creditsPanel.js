import { h } from '../utils/dom.js';
import { formatMoney } from '../format/money.js';

/** Credit notes applied to this invoice, with the reason the customer was given. */
export function creditsPanel(invoice) {
  if (invoice.credits.length === 0) return null;
  return h(
    'section',
    { class: 'panel credits', 'aria-label': 'Credit notes' },
    h('h3', {}, 'Credit notes'),
    h(
      'ul',
      {},
      invoice.credits.map((credit) =>
        h('li', {}, `${credit.reference}: ${credit.note} `, h('span', { class: 'amount' }, formatMoney(credit.amountMinor, invoice.currency))),
      ),
    ),
  );
}
