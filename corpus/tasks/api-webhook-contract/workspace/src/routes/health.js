import { sendJson } from '../http/respond.js';

export function registerHealthRoutes(router) {
  router.get('/health', ({ res }) => sendJson(res, 200, { ok: true }));
}
