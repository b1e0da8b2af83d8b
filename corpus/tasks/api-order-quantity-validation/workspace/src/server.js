import http from 'node:http';
import { createRouter } from './router.js';
import { registerRoutes } from './routes/index.js';
import { sendError, sendJson } from './http/respond.js';
import { HttpError } from './http/errors.js';
import { ValidationError } from './validation/errors.js';
import { createInventory } from './services/inventory.js';
import { createOrderStore } from './store/orders.js';
import { catalog } from './data/catalog.js';

/** Each server gets its own stock levels and order book, so tests and restarts start clean. */
export function createServer() {
  const context = {
    inventory: createInventory(catalog),
    orders: createOrderStore(),
  };
  const router = createRouter();
  registerRoutes(router, context);

  return http.createServer(async (req, res) => {
    const url = new URL(req.url, 'http://localhost');
    try {
      const handled = await router.handle(req, res, url);
      if (!handled) sendError(res, 404, 'not found');
    } catch (err) {
      if (err instanceof ValidationError) {
        sendJson(res, 422, { error: 'validation failed', fields: err.fields });
        return;
      }
      if (err instanceof HttpError) {
        sendJson(res, err.status, { error: err.message, ...err.details });
        return;
      }
      console.error(err);
      sendError(res, 500, 'internal error');
    }
  });
}
