import { selectCartSummary } from '../selectors/cartSummary.js';

/** The header link to the cart: "Cart" plus the number of units in it. */
export function renderCartBadge(link, state) {
  const { itemCount } = selectCartSummary(state);
  const count = document.createElement('span');
  count.className = 'cart-count';
  count.textContent = String(itemCount);
  link.replaceChildren('Cart', count);
  link.setAttribute('aria-label', `Cart, ${itemCount} ${itemCount === 1 ? 'item' : 'items'}`);
}
