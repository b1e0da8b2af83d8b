import { conflict } from '../http/errors.js';

/** Stock on hand per SKU. Reservations are all-or-nothing: one short line reserves nothing. */
export function createInventory(catalog) {
  const stock = new Map(catalog.map((product) => [product.sku, product.stock]));

  return {
    stockOf(sku) {
      return stock.get(sku) ?? 0;
    },
    reserve(lines) {
      for (const line of lines) {
        if (stock.get(line.sku) < line.quantity) throw conflict('insufficient stock', { sku: line.sku });
      }
      for (const line of lines) stock.set(line.sku, stock.get(line.sku) - line.quantity);
    },
  };
}
