import { invalidRequest } from '../http/errors.js';
import { respond } from '../http/response.js';
import { serializeCharge } from '../models/charge.js';
import { listOf } from '../models/list.js';
import { validate } from '../validation/rules.js';
import { createChargeParams } from '../validation/schemas.js';

function parseLimit(query) {
  const raw = query.get('limit');
  if (raw === null) return 10;
  const limit = Number(raw);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw invalidRequest('limit must be an integer between 1 and 100.', 'limit');
  return limit;
}

export function registerChargeRoutes(router, { charges }) {
  router.post('/v1/charges', async (ctx) => {
    const params = validate(ctx.body, createChargeParams);
    const charge = await charges.create(ctx.state.account, params);
    respond(ctx, 201, serializeCharge(charge));
  });

  router.get('/v1/charges', (ctx) => {
    const limit = parseLimit(ctx.query);
    const page = charges.list(ctx.state.account, { limit: limit + 1 });
    respond(ctx, 200, listOf(page.slice(0, limit), serializeCharge, page.length > limit));
  });

  router.get('/v1/charges/:id', (ctx) => {
    respond(ctx, 200, serializeCharge(charges.get(ctx.state.account, ctx.params.id)));
  });
}
