import { HttpError } from '../utils/errors.js';

export function registerProductRoutes(router, catalog) {
  router.get('/api/products', async ({ query }) => {
    const category = query?.get('category') ?? undefined;
    return { status: 200, body: { products: catalog.list({ category }) } };
  });

  router.get('/api/products/:id', async ({ params }) => {
    const product = catalog.get(params.id);
    if (!product) throw new HttpError(404, 'not_found', `No product ${params.id}`);
    return { status: 200, body: { product } };
  });
}
