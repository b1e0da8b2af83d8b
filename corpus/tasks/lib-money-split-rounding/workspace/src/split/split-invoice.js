import { BillingError } from '../errors.js';
import { allocate, splitEvenly } from '../money/allocate.js';
import { sumMinor } from '../money/amount.js';

/** What each person pays: `parts` equal shares, or shares in proportion to `{ weights }`. */
export function splitInvoice(invoice, how) {
  if (typeof how === 'number') return splitEvenly(invoice.total, how);
  if (how && Array.isArray(how.weights)) return allocate(invoice.total, how.weights);
  throw new BillingError('expected a number of people or { weights }', 'split');
}

/**
 * Splits by who ordered what: `owners[i]` is the person who ordered line i. Each person pays
 * for their lines after discount, plus tax in the same proportion. Returns a Map person → amount
 * in order of first appearance.
 */
export function splitByOrder(invoice, owners) {
  if (!Array.isArray(owners) || owners.length !== invoice.lines.length) {
    throw new BillingError(`expected one owner per line (${invoice.lines.length})`, 'owners');
  }
  const people = [...new Set(owners)];
  const weights = people.map((person) =>
    sumMinor(invoice.lines.filter((_, index) => owners[index] === person).map((line) => line.net)),
  );
  const shares = allocate(invoice.total, weights);
  return new Map(people.map((person, index) => [person, shares[index]]));
}
