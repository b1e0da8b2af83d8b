
/** The header link to the cart: "Cart" plus the number of units in it. */
export function renderCartBadge(link, state) {
  // Count straight from the lines so the badge is never stale.
  const itemCount = state.cart.lines.reduce((sum, line) => sum + line.qty, 0);
  const count = document.createElement('span');
  count.className = 'cart-count';
  count.textContent = String(itemCount);
  link.replaceChildren('Cart', count);
  link.setAttribute('aria-label', `Cart, ${itemCount} ${itemCount === 1 ? 'item' : 'items'}`);
}
