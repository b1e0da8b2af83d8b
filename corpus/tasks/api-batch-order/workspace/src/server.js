import http from 'node:http';
import { createRouter } from './router.js';
import { Catalog } from './services/catalog.js';
import { StockService } from './services/stock.js';
import { PricingService } from './services/pricing.js';
import { SimulatedWarehouse } from './services/warehouse.js';
import { registerProductRoutes } from './routes/products.js';
import { registerStockRoutes } from './routes/stock.js';
import { registerCartRoutes } from './routes/cart.js';
import { registerBatchRoutes } from './routes/batch.js';
import { toErrorResponse } from './utils/errors.js';
import { readJsonBody, sendJson } from './utils/http.js';
import { products } from './data/products.js';

/** Builds the storefront API server; the caller decides when and where it listens. */
export function createServer({ warehouse = new SimulatedWarehouse(), batchConcurrency = 4 } = {}) {
  const catalog = new Catalog(products);
  const stock = new StockService(warehouse);
  const pricing = new PricingService(catalog, stock);

  const router = createRouter();
  registerProductRoutes(router, catalog);
  registerStockRoutes(router, stock);
  registerCartRoutes(router, pricing);
  registerBatchRoutes(router, { concurrency: batchConcurrency });

  return http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url, 'http://localhost');
      const body = req.method === 'POST' ? await readJsonBody(req) : undefined;
      const result = await router.handle({ method: req.method, path: url.pathname, query: url.searchParams, body });
      sendJson(res, result.status, result.body);
    } catch (err) {
      const { status, body } = toErrorResponse(err);
      sendJson(res, status, body);
    }
  });
}
