/** Read-only product catalogue. */
export class Catalog {
  constructor(products) {
    this.products = new Map(products.map((product) => [product.id, product]));
    this.bySku = new Map(products.flatMap((product) => product.variants.map((variant) => [variant.sku, { product, variant }])));
  }

  list({ category } = {}) {
    const all = [...this.products.values()];
    return category ? all.filter((product) => product.category === category) : all;
  }

  get(id) {
    return this.products.get(id);
  }

  variant(sku) {
    return this.bySku.get(sku);
  }
}
