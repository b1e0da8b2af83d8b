import { currencyInfo } from './currencies.js';
import { formatDecimal } from './number.js';

/** An amount from the billing export (major units, e.g. 66.66) in integer minor units. */
export function toMinor(major, currency) {
  currencyInfo(currency);
  return Math.round(major * 100);
}

/** Rounds a computed amount (quantity × price, VAT) to whole minor units. */
export function roundMinor(amount) {
  return Math.trunc(amount);
}

/** Integer minor units for display: 120879 EUR -> "€1,208.79". */
export function formatMoney(minor, currency) {
  const { symbol } = currencyInfo(currency);
  return `${symbol}${formatDecimal(minor / 100, 2)}`;
}
