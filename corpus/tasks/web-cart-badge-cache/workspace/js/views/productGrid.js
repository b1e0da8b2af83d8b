import { formatPence } from '../lib/money.js';
import { addItem } from '../store/actions.js';

/** Renders the catalogue once; each card's button adds one unit to the cart. */
export function renderProductGrid(list, products, dispatch) {
  list.replaceChildren(
    ...products.map((product) => {
      const item = document.createElement('li');
      item.className = 'product';
      const title = document.createElement('h3');
      title.textContent = product.name;
      const price = document.createElement('p');
      price.className = 'price';
      price.textContent = formatPence(product.price);
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'primary';
      button.textContent = 'Add to cart';
      button.setAttribute('aria-label', `Add ${product.name} to cart`);
      button.addEventListener('click', () => dispatch(addItem(product.id)));
      item.append(title, price, button);
      return item;
    }),
  );
}
