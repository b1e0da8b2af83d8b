import { HttpError } from '../utils/errors.js';

function parseItems(body) {
  const items = body?.items;
  if (!Array.isArray(items) || items.length === 0) {
    throw new HttpError(400, 'invalid_request', 'items must be a non-empty array');
  }
  return items.map((item, i) => {
    if (typeof item?.sku !== 'string' || !Number.isInteger(item.qty) || item.qty < 1) {
      throw new HttpError(400, 'invalid_request', `items[${i}] needs a sku and a positive integer qty`);
    }
    return { sku: item.sku, qty: item.qty };
  });
}

export function registerCartRoutes(router, pricing) {
  router.post('/api/cart/quote', async ({ body }) => {
    const quote = await pricing.quote(parseItems(body));
    return { status: 200, body: quote };
  });
}
