import { roundMinor, toMinor } from '../format/money.js';

/** A line from the export with its unit price and amount in minor units. */
export function priceLine(line, currency) {
  const unitPriceMinor = toMinor(line.unitPrice, currency);
  return {
    description: line.description,
    quantity: line.quantity,
    unit: line.unit,
    taxRate: line.taxRate,
    unitPriceMinor,
    amountMinor: roundMinor(line.quantity * unitPriceMinor),
  };
}
