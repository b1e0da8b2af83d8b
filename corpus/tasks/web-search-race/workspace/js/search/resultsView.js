import { appendHighlighted } from '../lib/highlight.js';
import { formatPrice, plural } from '../lib/format.js';

/** Renders the status line and the results region for each search state. */
export function createResultsView({ status, region }) {
  function setBusy(busy) {
    region.setAttribute('aria-busy', String(busy));
  }

  function message(className, text) {
    const p = document.createElement('p');
    p.className = className;
    p.textContent = text;
    region.replaceChildren(p);
  }

  return {
    showIdle() {
      setBusy(false);
      status.textContent = '';
      message('hint', 'Start typing to search the shop.');
    },
    showLoading(query) {
      setBusy(true);
      status.textContent = `Searching for “${query}”…`;
    },
    showResults(query, { total, items }) {
      setBusy(false);
      if (total === 0) {
        status.textContent = `No products match “${query}”.`;
        message('empty', 'Try a shorter or different word.');
        return;
      }
      status.textContent = `${plural(total, 'result')} for “${query}”`;
      const list = document.createElement('ul');
      list.className = 'result-list';
      for (const item of items) list.append(renderItem(item, query));
      region.replaceChildren(list);
    },
    showError(query, error) {
      setBusy(false);
      status.textContent = `Search for “${query}” failed.`;
      message('error', error.status >= 500 ? 'The shop is having trouble right now. Please try again.' : 'Something went wrong.');
    },
  };
}

function renderItem(item, query) {
  const li = document.createElement('li');
  li.className = 'result';
  li.dataset.productId = item.id;
  const name = document.createElement('div');
  name.className = 'result-name';
  appendHighlighted(name, item.name, query);
  const meta = document.createElement('div');
  meta.className = 'result-meta';
  const category = document.createElement('span');
  category.textContent = item.category;
  const price = document.createElement('span');
  price.textContent = formatPrice(item.price);
  meta.append(category, price);
  li.append(name, meta);
  return li;
}
