import { createRouter } from './http/router.js';
import { sendError } from './http/error-handler.js';
import { NotFoundError } from './http/errors.js';
import { assignRequestId } from './middleware/request-id.js';
import { createDatabase } from './store/db.js';
import { createServices } from './services/index.js';
import { registerRoutes } from './routes/index.js';

/** Builds the request listener: one database, the services over it, and every route family. */
export function createApp({ db = createDatabase(), clock = () => new Date() } = {}) {
  const services = createServices({ db, clock });
  const router = createRouter();
  registerRoutes(router, services);

  return async function app(req, res) {
    assignRequestId(req, res);
    try {
      const handled = await router.handle(req, res);
      if (!handled) throw new NotFoundError(`No route for ${req.method} ${new URL(req.url, 'http://x').pathname}`);
    } catch (err) {
      sendError(res, err);
    }
  };
}
