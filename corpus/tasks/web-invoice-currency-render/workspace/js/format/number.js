/** "1234567" -> "1,234,567"; expects the digits of a non-negative integer part. */
export function groupThousands(digits) {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** A decimal with `digits` fraction digits and grouped thousands: 1234.5 -> "1,234.50". */
export function formatDecimal(value, digits) {
  const [whole, fraction] = value.toFixed(digits).split('.');
  const sign = whole.startsWith('-') ? '-' : '';
  const grouped = sign + groupThousands(whole.replace('-', ''));
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/** VAT rates are whole or half percents in the export: 21 -> "21%", 5.5 -> "5.5%". */
export function formatPercent(rate) {
  return `${Number.isInteger(rate) ? rate : rate.toFixed(1)}%`;
}

/** Quantities show up to two decimals without trailing zeros: 0.75, 3, 1.5. */
export function formatQuantity(quantity) {
  return String(Number(quantity.toFixed(2)));
}
