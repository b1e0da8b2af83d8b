import { HttpError } from '../utils/errors.js';

/** Prices a cart: line totals in cents, and whether each line is in stock. */
export class PricingService {
  constructor(catalog, stock) {
    this.catalog = catalog;
    this.stock = stock;
  }

  async quote(items) {
    const lines = [];
    for (const { sku, qty } of items) {
      const entry = this.catalog.variant(sku);
      if (!entry) throw new HttpError(404, 'unknown_sku', `No SKU ${sku}`);
      const level = await this.stock.level(sku);
      lines.push({
        sku,
        name: `${entry.product.name} (${entry.variant.label})`,
        qty,
        unitPrice: entry.product.price,
        lineTotal: entry.product.price * qty,
        inStock: (level?.available ?? 0) >= qty,
      });
    }
    return { lines, total: lines.reduce((sum, line) => sum + line.lineTotal, 0), currency: 'EUR' };
  }
}
