import { BillingError } from '../errors.js';
import { parseAmount } from '../money/amount.js';
import { percentUnits } from '../money/round.js';

/** Validates one order line and prices it: amount = unit price × quantity, in minor units. */
export function priceLine(line, index, currency) {
  const where = `lines[${index}]`;
  if (!line || typeof line !== 'object') throw new BillingError('expected an object', where);
  const description = typeof line.description === 'string' ? line.description.trim() : '';
  if (!description) throw new BillingError('expected a description', `${where}.description`);
  const quantity = line.quantity ?? 1;
  if (!Number.isInteger(quantity) || quantity < 1) {
    throw new BillingError(`expected a whole quantity of at least 1, got ${JSON.stringify(line.quantity)}`, `${where}.quantity`);
  }
  const unitPrice = parseAmount(line.unitPrice, currency, `${where}.unitPrice`);
  if (unitPrice < 0) throw new BillingError('a unit price cannot be negative', `${where}.unitPrice`);
  const taxRate = line.taxRate ?? 0;
  percentUnits(taxRate, `${where}.taxRate`);
  return { description, quantity, unitPrice, amount: unitPrice * quantity, taxRate };
}
