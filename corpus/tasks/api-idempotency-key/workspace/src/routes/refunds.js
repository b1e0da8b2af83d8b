import { respond } from '../http/response.js';
import { serializeRefund } from '../models/refund.js';
import { validate } from '../validation/rules.js';
import { createRefundParams } from '../validation/schemas.js';

export function registerRefundRoutes(router, { refunds }) {
  router.post('/v1/refunds', (ctx) => {
    const refund = refunds.create(ctx.state.account, validate(ctx.body, createRefundParams));
    respond(ctx, 201, serializeRefund(refund));
  });
}
