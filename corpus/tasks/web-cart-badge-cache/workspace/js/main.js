import { PRODUCTS } from './data/products.js';
import { createStore } from './store/createStore.js';
import { initialState, reducer } from './store/cartReducer.js';
import { renderCartBadge } from './views/cartBadge.js';
import { renderCartPanel } from './views/cartPanel.js';
import { renderProductGrid } from './views/productGrid.js';

const store = createStore(reducer, initialState);
const badge = document.getElementById('cart-badge');
const panel = document.getElementById('cart-panel');

function render(state) {
  renderCartBadge(badge, state);
  renderCartPanel(panel, state, store.dispatch);
}

renderProductGrid(document.getElementById('products'), PRODUCTS, store.dispatch);
store.subscribe(render);
render(store.getState());
document.documentElement.dataset.ready = 'true';
