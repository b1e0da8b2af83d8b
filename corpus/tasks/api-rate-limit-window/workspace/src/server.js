import http from 'node:http';
import { withDefaults } from './config.js';
import { createRouter } from './router.js';
import { compose } from './middleware/compose.js';
import { clientKey } from './middleware/clientKey.js';
import { rateLimit } from './middleware/rateLimit.js';
import { WindowCounterStore } from './stores/windowCounterStore.js';
import { LinkStore } from './stores/linkStore.js';
import { LinkService } from './services/linkService.js';
import { registerHealthRoutes } from './routes/health.js';
import { registerLinkRoutes } from './routes/links.js';
import { registerRedirectRoutes } from './routes/redirect.js';
import { sendError } from './utils/http.js';

/**
 * Builds the HTTP server. Nothing listens until the caller calls `listen`.
 */
export function createServer(options = {}) {
  const config = withDefaults(options);
  const now = config.now ?? Date.now;

  const links = new LinkService(new LinkStore(), { baseUrl: config.baseUrl, now });
  const router = createRouter();
  registerHealthRoutes(router);
  registerLinkRoutes(router, links);
  registerRedirectRoutes(router, links);

  const limiter = rateLimit({
    store: new WindowCounterStore(),
    limit: config.rateLimit.limit,
    windowMs: config.rateLimit.windowMs,
    now,
    appliesTo: (req) => req.url.startsWith('/api/'),
  });

  const handle = compose([clientKey(), limiter, router.handle]);

  return http.createServer((req, res) => {
    handle(req, res).catch((err) => {
      if (!res.headersSent) sendError(res, 500, 'internal', 'Internal server error');
      else res.destroy(err);
    });
  });
}
