import { listCategories, getCategory } from '../services/categories.js';
import { findProducts } from '../services/catalogue.js';
import { readSort } from '../http/query.js';
import { notFound } from '../http/errors.js';
import { sendJson } from '../http/respond.js';
import { SORTS } from '../utils/sort.js';
import { sendProductPage } from './listing.js';

export function registerCategoryRoutes(router) {
  router.get('/categories', ({ res }) => {
    sendJson(res, 200, { data: listCategories() });
  });

  router.get('/categories/:slug/products', ({ res, params, query }) => {
    if (!getCategory(params.slug)) throw notFound('category not found');
    const items = findProducts({ category: params.slug, sort: readSort(query, SORTS) });
    sendProductPage(res, query, items);
  });
}
