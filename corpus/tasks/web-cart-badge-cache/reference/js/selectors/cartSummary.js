import { FREE_SHIPPING_FROM_PENCE, SHIPPING_PENCE } from '../config.js';
import { PRODUCTS_BY_ID } from '../data/products.js';
import { memoizeLast } from '../lib/memoize.js';

function summarize(cart) {
  let itemCount = 0;
  let subtotal = 0;
  for (const line of cart.lines) {
    const product = PRODUCTS_BY_ID.get(line.productId);
    if (!product) continue;
    itemCount += line.qty;
    subtotal += product.price * line.qty;
  }
  const shipping = itemCount === 0 || subtotal >= FREE_SHIPPING_FROM_PENCE ? 0 : SHIPPING_PENCE;
  return { itemCount, subtotal, shipping, total: subtotal + shipping, toFreeShipping: Math.max(0, FREE_SHIPPING_FROM_PENCE - subtotal) };
}

// The badge, the panel and the checkout button all ask on every render; only
// recompute when the lines change. The reducer replaces the lines array on every
// change (quantities included), so its identity is the right key.
const summaryOf = memoizeLast(summarize, (cart) => cart.lines);

/** { itemCount, subtotal, shipping, total, toFreeShipping } for the current cart, in pence. */
export function selectCartSummary(state) {
  return summaryOf(state.cart);
}

/** Cart lines joined with their products, in the order they were added. */
export function selectCartLines(state) {
  return state.cart.lines
    .map((line) => ({ ...line, product: PRODUCTS_BY_ID.get(line.productId) }))
    .filter((line) => line.product);
}
