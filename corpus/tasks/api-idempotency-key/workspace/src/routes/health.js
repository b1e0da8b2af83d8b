import { respond } from '../http/response.js';

export function registerHealthRoutes(router) {
  router.get('/health', (ctx) => respond(ctx, 200, { status: 'ok' }));
}
