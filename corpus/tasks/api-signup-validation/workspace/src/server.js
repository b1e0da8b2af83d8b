import http from 'node:http';
import { createRouter } from './router.js';
import { registerRoutes } from './routes/index.js';
import { createMemoryStore } from './store/memory-store.js';
import { HttpError } from './http/errors.js';
import { sendJson } from './http/respond.js';

/** Builds the HTTP server. Each server gets its own store, so tests and workers never share state. */
export function createServer({ store = createMemoryStore() } = {}) {
  const router = createRouter();
  registerRoutes(router, { store });

  return http.createServer(async (req, res) => {
    try {
      const handled = await router.handle(req, res);
      if (!handled) sendJson(res, 404, { error: 'not found' });
    } catch (err) {
      if (err instanceof HttpError) {
        sendJson(res, err.status, err.body());
        return;
      }
      console.error(err);
      sendJson(res, 500, { error: 'internal error' });
    }
  });
}
