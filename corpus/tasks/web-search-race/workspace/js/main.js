import { searchProducts } from './api/searchApi.js';
import { createResultsView } from './search/resultsView.js';
import { bindSearchBox } from './search/searchBox.js';
import { createSearchController } from './search/searchController.js';

const view = createResultsView({
  status: document.getElementById('search-status'),
  region: document.getElementById('results'),
});
const controller = createSearchController({ search: searchProducts, view });

bindSearchBox(
  {
    input: document.getElementById('search-input'),
    clearButton: document.getElementById('search-clear'),
    form: document.getElementById('search-form'),
  },
  controller,
);
view.showIdle();
