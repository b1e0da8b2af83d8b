import { roundMinor } from '../format/money.js';

/**
 * VAT per rate, highest rate first. VAT is computed on each rate's summed line amounts, not per
 * line, which is what the tax office expects on the invoice.
 */
export function vatBreakdown(pricedLines) {
  const baseByRate = new Map();
  for (const line of pricedLines) baseByRate.set(line.taxRate, (baseByRate.get(line.taxRate) ?? 0) + line.amountMinor);
  return [...baseByRate]
    .sort(([a], [b]) => b - a)
    .map(([rate, base]) => ({ rate, base, vatMinor: roundMinor((base * rate) / 100) }));
}
