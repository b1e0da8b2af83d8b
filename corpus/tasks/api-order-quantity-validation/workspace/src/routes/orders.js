import { readJson } from '../http/body.js';
import { notFound } from '../http/errors.js';
import { sendJson } from '../http/respond.js';
import { createOrderService } from '../services/orders.js';

export function registerOrderRoutes(router, context) {
  const service = createOrderService(context);

  router.post('/orders/quote', async ({ req, res }) => {
    sendJson(res, 200, service.quote(await readJson(req)));
  });

  router.post('/orders', async ({ req, res }) => {
    const order = service.place(await readJson(req));
    res.setHeader('location', `/orders/${order.id}`);
    sendJson(res, 201, order);
  });

  router.get('/orders/:id', ({ res, params }) => {
    const order = service.get(params.id);
    if (!order) throw notFound('order not found');
    sendJson(res, 200, order);
  });
}
