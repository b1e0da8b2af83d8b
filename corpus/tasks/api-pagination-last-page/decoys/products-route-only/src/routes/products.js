import { findProducts, getProduct } from '../services/catalogue.js';
import { readPageParams, readSort } from '../http/query.js';
import { notFound } from '../http/errors.js';
import { sendJson } from '../http/respond.js';
import { toPublicProduct } from '../models/product.js';
import { paginate } from '../utils/pagination.js';
import { SORTS } from '../utils/sort.js';

export function registerProductRoutes(router) {
  router.get('/products', ({ res, query }) => {
    const items = findProducts({
      q: query.get('q'),
      category: query.get('category'),
      sort: readSort(query, SORTS),
    });
    const { page, pageSize } = readPageParams(query);
    const result = paginate(items, { page, pageSize });
    // The app spins forever on an exact last page: recompute the page count here.
    const totalPages = Math.max(1, Math.ceil(items.length / pageSize));
    if (page > totalPages) throw notFound('page out of range');
    const hasMore = page < totalPages;
    sendJson(res, 200, {
      data: result.data.map(toPublicProduct),
      pagination: { ...result.pagination, totalPages, hasMore, nextPage: hasMore ? page + 1 : null },
    });
  });

  router.get('/products/:id', ({ res, params }) => {
    const product = getProduct(params.id);
    if (!product) throw notFound('product not found');
    sendJson(res, 200, toPublicProduct(product));
  });
}
