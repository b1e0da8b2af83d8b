import { findProduct } from '../data/catalog.js';

/**
 * Turns one requested line into a catalogue line. The POS scanner sends lower-case SKUs with
 * stray spaces around them, so SKUs are trimmed and upper-cased before the lookup.
 */
export function normalizeLineItem(raw) {
  const sku = String(raw?.sku ?? '').trim().toUpperCase();
  const product = findProduct(sku);
  return {
    sku,
    name: product ? product.name : sku,
    quantity: Number(raw?.quantity),
    unitPrice: product ? product.price : 0,
  };
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
