import { findProduct } from '../data/catalog.js';

/**
 * Turns requested line `index` into a catalogue line, recording problems in `errors`.
 * SKUs are trimmed and upper-cased; quantities are read as numbers and must be whole and 1..99.
 */
export function normalizeLineItem(raw, index, errors) {
  const sku = String(raw?.sku ?? '').trim().toUpperCase();
  const product = findProduct(sku);
  const quantity = Number(raw?.quantity);
  if (!product) errors.add(`items[${index}].sku`, 'must be a product in the catalogue');
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > 99) errors.add(`items[${index}].quantity`, 'must be a whole number from 1 to 99');
  return { sku, name: product?.name ?? sku, quantity, unitPrice: product?.price ?? 0 };
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
