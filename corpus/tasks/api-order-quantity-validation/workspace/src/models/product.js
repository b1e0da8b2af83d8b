export function toPublicProduct(product, stock) {
  return {
    sku: product.sku,
    name: product.name,
    price: product.price,
    stock,
    inStock: stock > 0,
  };
}
