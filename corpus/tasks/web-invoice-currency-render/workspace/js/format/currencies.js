/** Currencies the billing export can contain: display symbol and digits of the minor unit. */
export const CURRENCIES = {
  EUR: { symbol: '€', minorDigits: 2 },
  GBP: { symbol: '£', minorDigits: 2 },
  USD: { symbol: '$', minorDigits: 2 },
  JPY: { symbol: '¥', minorDigits: 0 },
};

export function currencyInfo(code) {
  const info = CURRENCIES[code];
  if (!info) throw new Error(`unsupported currency "${code}"`);
  return info;
}
