import { catalog, findProduct } from '../data/catalog.js';
import { notFound } from '../http/errors.js';
import { sendJson } from '../http/respond.js';
import { toPublicProduct } from '../models/product.js';

export function registerProductRoutes(router, { inventory }) {
  router.get('/products', ({ res }) => {
    sendJson(res, 200, { data: catalog.map((product) => toPublicProduct(product, inventory.stockOf(product.sku))) });
  });

  router.get('/products/:sku', ({ res, params }) => {
    const product = findProduct(params.sku.toUpperCase());
    if (!product) throw notFound('product not found');
    sendJson(res, 200, toPublicProduct(product, inventory.stockOf(product.sku)));
  });
}
