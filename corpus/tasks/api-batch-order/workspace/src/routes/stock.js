import { HttpError } from '../utils/errors.js';

export function registerStockRoutes(router, stock) {
  router.get('/api/stock/:sku', async ({ params }) => {
    const level = await stock.level(params.sku);
    if (!level) throw new HttpError(404, 'unknown_sku', `No SKU ${params.sku}`);
    return { status: 200, body: level };
  });
}
