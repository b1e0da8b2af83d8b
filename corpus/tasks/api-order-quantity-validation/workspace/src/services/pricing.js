import { config } from '../config.js';
import { lineTotal, sumCents } from '../utils/money.js';

/** Prices normalized lines: line totals, subtotal, shipping (free from a threshold) and total. */
export function priceLines(lines) {
  const priced = lines.map((line) => ({ ...line, lineTotal: lineTotal(line.unitPrice, line.quantity) }));
  const subtotal = sumCents(priced.map((line) => line.lineTotal));
  const shipping = subtotal >= config.shipping.freeFrom ? 0 : config.shipping.flatRate;
  return { lines: priced, subtotal, shipping, total: subtotal + shipping, currency: config.currency };
}
