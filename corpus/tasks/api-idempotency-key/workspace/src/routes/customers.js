import { respond } from '../http/response.js';
import { serializeCustomer } from '../models/customer.js';
import { validate } from '../validation/rules.js';
import { createCustomerParams } from '../validation/schemas.js';

export function registerCustomerRoutes(router, { customers }) {
  router.post('/v1/customers', (ctx) => {
    const customer = customers.create(ctx.state.account, validate(ctx.body, createCustomerParams));
    respond(ctx, 201, serializeCustomer(customer));
  });

  router.get('/v1/customers/:id', (ctx) => {
    respond(ctx, 200, serializeCustomer(customers.get(ctx.state.account, ctx.params.id)));
  });
}
