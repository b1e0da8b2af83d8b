import { currencyInfo } from './currencies.js';
import { formatDecimal } from './number.js';

/** An amount from the billing export (major units, e.g. 66.66) in integer minor units. */
export function toMinor(major, currency) {
  const { minorDigits } = currencyInfo(currency);
  return Math.round(major * 10 ** minorDigits);
}

/** Rounds a computed amount (quantity × price, VAT) to whole minor units. */
export function roundMinor(amount) {
  return Math.round(amount);
}

/** Integer minor units for display, sign before the symbol: 120879 EUR -> "€1,208.79", -12000 GBP -> "-£120.00". */
export function formatMoney(minor, currency) {
  const { symbol, minorDigits } = currencyInfo(currency);
  const sign = minor < 0 ? '-' : '';
  return `${sign}${symbol}${formatDecimal(Math.abs(minor) / 10 ** minorDigits, minorDigits)}`;
}
