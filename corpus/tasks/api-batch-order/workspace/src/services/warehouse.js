import { setTimeout as delay } from 'node:timers/promises';
import { products } from '../data/products.js';

/**
 * Stand-in for the warehouse service until its API is available: fixed stock
 * levels with a small, SKU-dependent latency like the real one has.
 */
export class SimulatedWarehouse {
  constructor(levels = defaultLevels()) {
    this.levels = levels;
  }

  async getStock(sku) {
    await delay(5 + (hash(sku) % 40));
    return Object.hasOwn(this.levels, sku) ? { sku, available: this.levels[sku] } : null;
  }
}

function defaultLevels() {
  const levels = {};
  for (const product of products) {
    for (const [i, variant] of product.variants.entries()) levels[variant.sku] = (hash(variant.sku) + i) % 25;
  }
  return levels;
}

function hash(text) {
  let h = 0;
  for (const ch of text) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return h;
}
