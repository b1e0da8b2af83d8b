import { renderInventoryPage } from './pages/inventoryPage.js';
import { renderSuppliersPage } from './pages/suppliersPage.js';
import { renderWarehousesPage } from './pages/warehousesPage.js';
import { startRouter } from './router.js';
import { createStore } from './state/store.js';

const PAGES = {
  inventory: renderInventoryPage,
  suppliers: renderSuppliersPage,
  warehouses: renderWarehousesPage,
};

/** Renders the page for the current route and marks the matching nav link. */
export function startApp({ page, nav }) {
  const store = createStore({ route: null });

  store.subscribe(async ({ route }) => {
    for (const link of nav.querySelectorAll('a[data-route]')) {
      if (link.dataset.route === route) link.setAttribute('aria-current', 'page');
      else link.removeAttribute('aria-current');
    }
    await PAGES[route](page);
    page.dataset.route = route;
  });

  startRouter(PAGES, 'inventory', (route) => store.update({ route }));
}
