import { parseNumber } from './numbers.js';

const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
const integer = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

export function formatCurrency(value) {
  const n = parseNumber(value);
  return Number.isNaN(n) ? '' : gbp.format(n);
}

export function formatInteger(value) {
  const n = parseNumber(value);
  return Number.isNaN(n) ? '' : integer.format(n);
}

/** "2031-03-02" -> "2 Mar 2031" */
export function formatDate(value) {
  const time = Date.parse(value);
  return Number.isNaN(time) ? '' : day.format(new Date(time));
}
