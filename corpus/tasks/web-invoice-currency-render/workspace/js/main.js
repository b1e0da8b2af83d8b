import { startApp } from './app.js';
import { emptyState } from './views/emptyState.js';

startApp(document)
  .catch((error) => {
    console.error(error);
    document.getElementById('invoice').replaceChildren(emptyState(`Could not load invoices: ${error.message}`));
  })
  .finally(() => {
    document.documentElement.dataset.ready = 'true';
  });
