import { h, replaceChildren } from '../utils/dom.js';
import { formatMoney } from '../format/money.js';
import { invoiceHref } from '../router.js';
import { statusBadge } from './statusBadge.js';

/** The sidebar: one link per invoice with its customer, total and balance status. */
export function renderInvoiceList(list, invoices, currentId) {
  replaceChildren(
    list,
    invoices.map((invoice) =>
      h(
        'li',
        {},
        h(
          'a',
          { href: invoiceHref(invoice.id), 'aria-current': invoice.id === currentId ? 'page' : null, 'data-invoice': invoice.id },
          h('span', { class: 'list-number' }, invoice.id),
          h('span', { class: 'list-total amount' }, formatMoney(invoice.total, invoice.currency)),
          h('span', { class: 'list-customer' }, invoice.customer.name),
          statusBadge(invoice.status),
        ),
      ),
    ),
  );
}
