import http from 'node:http';
import { createRouter } from './router.js';
import { registerRoutes } from './routes/index.js';
import { sendError } from './http/respond.js';
import { HttpError } from './http/errors.js';

export function createServer() {
  const router = createRouter();
  registerRoutes(router);

  return http.createServer(async (req, res) => {
    const url = new URL(req.url, 'http://localhost');
    try {
      const handled = await router.handle(req, res, url);
      if (!handled) sendError(res, 404, 'not found');
    } catch (err) {
      if (err instanceof HttpError) {
        sendError(res, err.status, err.message);
        return;
      }
      console.error(err);
      sendError(res, 500, 'internal error');
    }
  });
}
