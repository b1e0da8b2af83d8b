import { h } from '../utils/dom.js';
import { formatMoney } from '../format/money.js';
import { formatDate } from '../format/date.js';

export function paymentsPanel(invoice) {
  if (invoice.payments.length === 0) return h('p', { class: 'empty payments-empty' }, 'No payments received yet.');
  return h(
    'section',
    { class: 'panel payments', 'aria-label': 'Payments' },
    h('h3', {}, 'Payments'),
    h(
      'ul',
      {},
      invoice.payments.map((payment) =>
        h('li', {}, `${formatDate(payment.on)} · ${payment.method} `, h('span', { class: 'amount' }, formatMoney(payment.amountMinor, invoice.currency))),
      ),
    ),
  );
}
