import { percentOf, percentUnits } from '../money/round.js';

/**
 * Applies an invoice-wide percentage discount to priced lines. Each line gets its `discount`
 * and its `net` amount (what tax is charged on).
 */
export function applyDiscount(lines, percent) {
  if (!percent) return lines.map((line) => ({ ...line, discount: 0, net: line.amount }));
  percentUnits(percent, 'discountPercent');
  return lines.map((line) => {
    const discount = percentOf(line.amount, percent);
    return { ...line, discount, net: line.amount - discount };
  });
}
