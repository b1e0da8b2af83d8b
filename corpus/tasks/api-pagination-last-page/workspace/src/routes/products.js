import { findProducts, getProduct } from '../services/catalogue.js';
import { readSort } from '../http/query.js';
import { notFound } from '../http/errors.js';
import { sendJson } from '../http/respond.js';
import { toPublicProduct } from '../models/product.js';
import { SORTS } from '../utils/sort.js';
import { sendProductPage } from './listing.js';

export function registerProductRoutes(router) {
  router.get('/products', ({ res, query }) => {
    const items = findProducts({
      q: query.get('q'),
      category: query.get('category'),
      sort: readSort(query, SORTS),
    });
    sendProductPage(res, query, items);
  });

  router.get('/products/:id', ({ res, params }) => {
    const product = getProduct(params.id);
    if (!product) throw notFound('product not found');
    sendJson(res, 200, toPublicProduct(product));
  });
}
