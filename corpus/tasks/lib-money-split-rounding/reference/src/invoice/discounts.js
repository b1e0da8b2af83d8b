import { allocate } from '../money/allocate.js';
import { sumMinor } from '../money/amount.js';
import { percentOf, percentUnits } from '../money/round.js';

/**
 * Applies an invoice-wide percentage discount to priced lines. The discount is rounded once on
 * the subtotal, then allocated across the lines in proportion to their amounts, so the line
 * discounts add up to it. Each line gets its `discount` and its `net` amount (what tax is
 * charged on).
 */
export function applyDiscount(lines, percent) {
  if (percent) percentUnits(percent, 'discountPercent');
  const total = percent ? percentOf(sumMinor(lines.map((line) => line.amount)), percent) : 0;
  if (total === 0) return lines.map((line) => ({ ...line, discount: 0, net: line.amount }));
  const shares = allocate(total, lines.map((line) => line.amount));
  return lines.map((line, index) => ({ ...line, discount: shares[index], net: line.amount - shares[index] }));
}
