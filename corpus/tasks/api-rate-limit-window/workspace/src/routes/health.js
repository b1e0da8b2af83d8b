import { sendJson } from '../utils/http.js';

export function registerHealthRoutes(router) {
  router.get('/health', async (_req, res) => sendJson(res, 200, { status: 'ok' }));
}
