/** The public shape of a product: prices leave the API as decimal strings, never floats. */
export function toPublicProduct(product) {
  return {
    id: product.id,
    name: product.name,
    category: product.category,
    price: formatPrice(product.priceCents),
    inStock: product.stock > 0,
    addedAt: product.addedAt,
  };
}

export function formatPrice(cents) {
  const whole = Math.floor(cents / 100);
  const fraction = String(cents % 100).padStart(2, '0');
  return `${whole}.${fraction}`;
}
