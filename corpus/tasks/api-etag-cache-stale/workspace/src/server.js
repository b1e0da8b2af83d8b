import http from 'node:http';
import { config } from './config.js';
import { createRouter } from './router.js';
import { registerRoutes } from './routes/index.js';
import { createDatabase } from './store/db.js';
import { createEventBus } from './events.js';
import { createResponseCache } from './cache/response-cache.js';
import { wireInvalidation } from './cache/invalidation.js';
import { HttpError } from './http/errors.js';
import { sendJson } from './http/respond.js';

/** Builds the server with its own database, event bus and cache. */
export function createServer() {
  const db = createDatabase();
  const events = createEventBus();
  const cache = createResponseCache(config.cache);
  wireInvalidation(events, cache);

  const router = createRouter();
  registerRoutes(router, { db, events, cache });

  return http.createServer(async (req, res) => {
    try {
      const handled = await router.handle(req, res);
      if (!handled) sendJson(res, 404, { error: 'not found' });
    } catch (err) {
      if (err instanceof HttpError) {
        sendJson(res, err.status, { error: err.message });
        return;
      }
      console.error(err);
      sendJson(res, 500, { error: 'internal error' });
    }
  });
}
