import { products } from '../data/products.js';
import { sortProducts } from '../utils/sort.js';

function matchesText(product, q) {
  return product.name.toLowerCase().includes(q.toLowerCase());
}

/** Filters and sorts the catalogue; pagination is the caller's concern. */
export function findProducts({ q = null, category = null, sort = 'name' } = {}) {
  let result = products;
  if (category) result = result.filter((p) => p.category === category);
  if (q) result = result.filter((p) => matchesText(p, q));
  return sortProducts(result, sort);
}

export function getProduct(id) {
  return products.find((p) => p.id === id) ?? null;
}

export function countByCategory() {
  const counts = new Map();
  for (const p of products) counts.set(p.category, (counts.get(p.category) ?? 0) + 1);
  return counts;
}
