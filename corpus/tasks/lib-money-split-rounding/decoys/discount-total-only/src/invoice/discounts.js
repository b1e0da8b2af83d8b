import { sumMinor } from '../money/amount.js';
import { percentOf, percentUnits } from '../money/round.js';

/**
 * Applies an invoice-wide percentage discount to priced lines. Each line gets its `discount`
 * and its `net` amount (what tax is charged on).
 */
export function applyDiscount(lines, percent) {
  if (!percent) return lines.map((line) => ({ ...line, discount: 0, net: line.amount }));
  percentUnits(percent, 'discountPercent');
  // Round the discount once on the subtotal; the last line absorbs the difference.
  const total = percentOf(sumMinor(lines.map((line) => line.amount)), percent);
  const discounted = lines.map((line) => {
    const discount = percentOf(line.amount, percent);
    return { ...line, discount, net: line.amount - discount };
  });
  const last = discounted[discounted.length - 1];
  last.discount += total - sumMinor(discounted.map((line) => line.discount));
  last.net = last.amount - last.discount;
  return discounted;
}
