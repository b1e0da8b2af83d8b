import { h } from '../utils/dom.js';
import { formatDate } from '../format/date.js';
import { statusBadge } from './statusBadge.js';

export function invoiceHeader(invoice) {
  const { customer } = invoice;
  return h(
    'header',
    { class: 'invoice-header' },
    h(
      'div',
      {},
      h('h1', {}, `Invoice ${invoice.id} `, statusBadge(invoice.status)),
      h('address', {}, h('strong', { class: 'customer-name' }, customer.name), customer.address.map((line) => [h('br'), line])),
      customer.vatId ? h('p', { class: 'vat-id' }, `VAT ID ${customer.vatId}`) : null,
    ),
    h(
      'dl',
      { class: 'invoice-dates' },
      h('dt', {}, 'Issued'),
      h('dd', { class: 'issued-on' }, formatDate(invoice.issuedOn)),
      h('dt', {}, 'Due'),
      h('dd', { class: 'due-on' }, formatDate(invoice.dueOn)),
      h('dt', {}, 'Currency'),
      h('dd', {}, invoice.currency),
    ),
  );
}
