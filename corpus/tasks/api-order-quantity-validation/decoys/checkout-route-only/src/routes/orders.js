import { readJson } from '../http/body.js';
import { notFound } from '../http/errors.js';
import { sendJson } from '../http/respond.js';
import { findProduct } from '../data/catalog.js';
import { ValidationError } from '../validation/errors.js';
import { createOrderService } from '../services/orders.js';

function checkLines(body) {
  const fields = {};
  (Array.isArray(body.items) ? body.items : []).forEach((item, index) => {
    if (!findProduct(String(item?.sku ?? '').trim().toUpperCase())) fields[`items[${index}].sku`] = 'unknown sku';
    const quantity = item?.quantity;
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > 99) fields[`items[${index}].quantity`] = 'must be a whole number from 1 to 99';
  });
  if (Object.keys(fields).length > 0) throw new ValidationError(fields);
}

export function registerOrderRoutes(router, context) {
  const service = createOrderService(context);

  router.post('/orders/quote', async ({ req, res }) => {
    sendJson(res, 200, service.quote(await readJson(req)));
  });

  router.post('/orders', async ({ req, res }) => {
    const body = await readJson(req);
    checkLines(body);
    const order = service.place(body);
    res.setHeader('location', `/orders/${order.id}`);
    sendJson(res, 201, order);
  });

  router.get('/orders/:id', ({ res, params }) => {
    const order = service.get(params.id);
    if (!order) throw notFound('order not found');
    sendJson(res, 200, order);
  });
}
