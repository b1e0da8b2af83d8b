import { BillingError } from '../errors.js';

// Minor units per ISO 4217; symbols only for the currencies the till prints with a symbol.
const CURRENCIES = {
  USD: { decimals: 2, symbol: '$' },
  EUR: { decimals: 2, symbol: '€' },
  GBP: { decimals: 2, symbol: '£' },
  CAD: { decimals: 2, symbol: 'CA$' },
  CHF: { decimals: 2, symbol: null },
  JPY: { decimals: 0, symbol: '¥' },
  KRW: { decimals: 0, symbol: '₩' },
  KWD: { decimals: 3, symbol: null },
  BHD: { decimals: 3, symbol: null },
};

export function currencyInfo(code) {
  const info = CURRENCIES[code];
  if (!info) throw new BillingError(`unknown currency ${JSON.stringify(code)}`, 'currency');
  return { code, ...info };
}
