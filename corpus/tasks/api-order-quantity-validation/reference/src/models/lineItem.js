import { config } from '../config.js';
import { findProduct } from '../data/catalog.js';

function isQuantity(value) {
  return Number.isInteger(value) && value >= 1 && value <= config.orders.maxQuantity;
}

/**
 * Turns requested line `index` into a catalogue line, recording problems in `errors` under
 * `items[index]…`. The POS scanner sends lower-case SKUs with stray spaces around them, so
 * SKUs are trimmed and upper-cased before the lookup; quantities are taken only as JSON integers.
 * Returns null for a line that cannot be used.
 */
export function normalizeLineItem(raw, index, errors) {
  const path = `items[${index}]`;
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    errors.add(path, 'must be an object with sku and quantity');
    return null;
  }
  const product = typeof raw.sku === 'string' ? findProduct(raw.sku.trim().toUpperCase()) : undefined;
  if (!product) errors.add(`${path}.sku`, 'must be a product in the catalogue');
  if (!isQuantity(raw.quantity)) errors.add(`${path}.quantity`, `must be a whole number from 1 to ${config.orders.maxQuantity}`);
  if (!product || !isQuantity(raw.quantity)) return null;
  return { sku: product.sku, name: product.name, quantity: raw.quantity, unitPrice: product.price };
}

/** Lines for the same SKU become one line with the quantities added up, in first-seen order. */
export function mergeLines(lines) {
  const merged = new Map();
  for (const line of lines) {
    const existing = merged.get(line.sku);
    merged.set(line.sku, existing ? { ...existing, quantity: existing.quantity + line.quantity } : line);
  }
  return [...merged.values()];
}
