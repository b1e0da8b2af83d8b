export const SORTS = ['name', 'price', '-price', 'newest'];

const comparators = {
  name: (a, b) => a.name.localeCompare(b.name, 'en'),
  price: (a, b) => a.priceCents - b.priceCents || a.id.localeCompare(b.id),
  '-price': (a, b) => b.priceCents - a.priceCents || a.id.localeCompare(b.id),
  newest: (a, b) => b.addedAt.localeCompare(a.addedAt) || a.id.localeCompare(b.id),
};

/** Returns a sorted copy; the seed arrays are shared and must not be reordered in place. */
export function sortProducts(products, sort) {
  return [...products].sort(comparators[sort]);
}
