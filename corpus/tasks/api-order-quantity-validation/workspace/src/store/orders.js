import { createIdSequence } from '../utils/ids.js';

/** In-memory order book. Orders are frozen once stored: nothing edits a placed order. */
export function createOrderStore() {
  const orders = new Map();
  const nextId = createIdSequence('ord');

  return {
    insert(order) {
      const stored = Object.freeze({ ...order, id: nextId() });
      orders.set(stored.id, stored);
      return stored;
    },
    get(id) {
      return orders.get(id);
    },
    count() {
      return orders.size;
    },
  };
}
