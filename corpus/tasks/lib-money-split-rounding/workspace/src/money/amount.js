import { BillingError } from '../errors.js';
import { currencyInfo } from './currencies.js';

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

/** '4.10' or 4.1 → 410 minor units, without going through floating point. */
export function parseAmount(value, currency, field = 'amount') {
  const { decimals } = currencyInfo(currency);
  const text = typeof value === 'number' ? String(value) : value;
  const match = typeof text === 'string' ? DECIMAL.exec(text.trim()) : null;
  if (!match) throw new BillingError(`expected a decimal amount, got ${JSON.stringify(value)}`, field);
  const [, minus, whole, fraction = ''] = match;
  if (fraction.length > decimals) {
    throw new BillingError(`${JSON.stringify(value)} has more decimals than ${currency} allows (${decimals})`, field);
  }
  const minor = Number(whole + fraction.padEnd(decimals, '0'));
  return minus ? -minor : minor;
}

/** 410 → '$4.10'; currencies without a symbol print their code: 'KWD 1.250'. */
export function formatAmount(minor, currency) {
  assertMinorUnits(minor);
  const { decimals, symbol } = currencyInfo(currency);
  const digits = String(Math.abs(minor)).padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals).replace(/\B(?=(\d{3})+$)/g, ',');
  const number = decimals ? `${whole}.${digits.slice(-decimals)}` : whole;
  const sign = minor < 0 ? '-' : '';
  return symbol ? `${sign}${symbol}${number}` : `${sign}${currency} ${number}`;
}

export function assertMinorUnits(minor, field = 'amount') {
  if (!Number.isSafeInteger(minor)) {
    throw new BillingError(`expected a whole number of minor units, got ${JSON.stringify(minor)}`, field);
  }
}

export function sumMinor(amounts) {
  return amounts.reduce((total, amount) => total + amount, 0);
}
