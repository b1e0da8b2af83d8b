import { categories } from '../data/categories.js';
import { countByCategory } from './catalogue.js';

export function listCategories() {
  const counts = countByCategory();
  return categories.map((c) => ({ ...c, productCount: counts.get(c.slug) ?? 0 }));
}

export function getCategory(slug) {
  return categories.find((c) => c.slug === slug) ?? null;
}
