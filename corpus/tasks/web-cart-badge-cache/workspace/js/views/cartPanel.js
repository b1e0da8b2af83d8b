import { formatPence } from '../lib/money.js';
import { changeQty, removeLine } from '../store/actions.js';
import { selectCartLines, selectCartSummary } from '../selectors/cartSummary.js';

/** The cart: one row per line with quantity controls, then the totals. */
export function renderCartPanel(container, state, dispatch) {
  const lines = selectCartLines(state);
  if (lines.length === 0) {
    const empty = document.createElement('p');
    empty.textContent = 'Your cart is empty.';
    container.replaceChildren(empty);
    return;
  }
  const list = document.createElement('ul');
  list.className = 'cart-lines';
  list.append(...lines.map((line) => renderLine(line, dispatch)));
  container.replaceChildren(list, renderTotals(selectCartSummary(state)));
}

function renderLine({ product, qty, productId }, dispatch) {
  const row = document.createElement('li');
  row.className = 'cart-line';
  row.dataset.productId = productId;
  const name = document.createElement('span');
  name.textContent = product.name;
  const lineTotal = document.createElement('span');
  lineTotal.className = 'line-total';
  lineTotal.textContent = formatPence(product.price * qty);
  const controls = document.createElement('div');
  controls.className = 'qty';
  const quantity = document.createElement('span');
  quantity.className = 'qty-value';
  quantity.textContent = String(qty);
  controls.append(
    button('−', `Decrease quantity of ${product.name}`, () => dispatch(changeQty(productId, -1))),
    quantity,
    button('+', `Increase quantity of ${product.name}`, () => dispatch(changeQty(productId, 1))),
    button('Remove', `Remove ${product.name} from cart`, () => dispatch(removeLine(productId))),
  );
  row.append(name, lineTotal, controls);
  return row;
}

function renderTotals({ subtotal, shipping, total, toFreeShipping }) {
  const wrapper = document.createElement('div');
  const totals = document.createElement('dl');
  totals.className = 'totals';
  for (const [label, value, id] of [['Subtotal', formatPence(subtotal), 'subtotal'], ['Shipping', shipping === 0 ? 'Free' : formatPence(shipping), 'shipping'], ['Total', formatPence(total), 'total']]) {
    const dt = document.createElement('dt');
    dt.textContent = label;
    const dd = document.createElement('dd');
    dd.id = `cart-${id}`;
    dd.textContent = value;
    if (id === 'total') dd.className = 'grand';
    totals.append(dt, dd);
  }
  const note = document.createElement('p');
  note.className = 'shipping-note';
  note.textContent = toFreeShipping > 0 ? `Spend ${formatPence(toFreeShipping)} more for free shipping.` : 'You get free shipping.';
  wrapper.append(totals, note);
  return wrapper;
}

function button(text, label, onClick) {
  const el = document.createElement('button');
  el.type = 'button';
  el.textContent = text;
  el.setAttribute('aria-label', label);
  el.addEventListener('click', onClick);
  return el;
}
