import { h } from '../utils/dom.js';
import { formatMoney } from '../format/money.js';
import { formatPercent, formatQuantity } from '../format/number.js';

// Discount lines carry negative amounts; show the minus in front of the symbol.
function signedMoney(minor, currency) {
  return minor < 0 ? `-${formatMoney(-minor, currency)}` : formatMoney(minor, currency);
}

function lineRow(line, currency) {
  return h(
    'tr',
    {},
    h('td', { class: 'description' }, line.description),
    h('td', { class: 'quantity' }, [formatQuantity(line.quantity), line.unit ? ` ${line.unit}` : ''].join('')),
    h('td', { class: 'unit-price amount' }, signedMoney(line.unitPriceMinor, currency)),
    h('td', { class: 'vat-rate' }, formatPercent(line.taxRate)),
    h('td', { class: 'line-amount amount' }, signedMoney(line.amountMinor, currency)),
  );
}

export function lineItemsTable(invoice) {
  return h(
    'table',
    { class: 'lines', 'aria-label': 'Line items' },
    h(
      'thead',
      {},
      h('tr', {}, h('th', {}, 'Description'), h('th', {}, 'Qty'), h('th', { class: 'amount' }, 'Unit price'), h('th', {}, 'VAT'), h('th', { class: 'amount' }, 'Amount')),
    ),
    h('tbody', {}, invoice.lines.map((line) => lineRow(line, invoice.currency))),
  );
}
