import { respond } from '../http/response.js';

export function registerBalanceRoutes(router, { balance }) {
  router.get('/v1/balance', (ctx) => {
    respond(ctx, 200, { object: 'balance', available: balance.forAccount(ctx.state.account) });
  });
}
