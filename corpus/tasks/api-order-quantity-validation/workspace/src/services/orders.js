import { readBasket } from './basket.js';
import { priceLines } from './pricing.js';
import { toPublicOrder } from '../models/order.js';

export function createOrderService({ inventory, orders }) {
  return {
    /** Prices a basket; reserves nothing and stores nothing. */
    quote(body) {
      const { customer, lines } = readBasket(body, { requireCustomer: false });
      return toPublicOrder({ status: 'quote', customer, ...priceLines(lines) });
    },

    /** Validates, prices, reserves stock and stores the order. */
    place(body) {
      const { customer, lines } = readBasket(body, { requireCustomer: true });
      const priced = priceLines(lines);
      inventory.reserve(priced.lines);
      return toPublicOrder(orders.insert({ status: 'placed', customer, ...priced }));
    },

    get(id) {
      const order = orders.get(id);
      return order ? toPublicOrder(order) : undefined;
    },
  };
}
