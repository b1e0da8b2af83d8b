import { config } from '../config.js';
import { collectErrors } from '../validation/errors.js';
import { readCustomer } from '../validation/customer.js';
import { mergeLines, normalizeLineItem } from '../models/lineItem.js';

/**
 * Reads the customer and the lines of an order or quote body. Throws a ValidationError naming
 * every bad field; returns `{ customer, lines }` with merged, catalogue-backed lines otherwise.
 */
export function readBasket(body, { requireCustomer }) {
  const errors = collectErrors();
  const customer = readCustomer(body.customer, errors, { required: requireCustomer });
  const { items } = body;
  if (!Array.isArray(items) || items.length === 0) errors.add('items', 'must be a non-empty array');
  else if (items.length > config.orders.maxLines) errors.add('items', `must have at most ${config.orders.maxLines} lines`);
  errors.throwIfAny();

  const lines = items.map((raw) => normalizeLineItem(raw));
  return { customer, lines: mergeLines(lines) };
}
