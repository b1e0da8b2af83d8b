import { setFilter } from './store/actions.js';
import { FILTERS } from './store/selectors.js';

/** Maps "#/active" to "active"; anything unknown falls back to "all". */
export function filterFromHash(hash) {
  const name = hash.replace(/^#\/?/, '');
  return Object.hasOwn(FILTERS, name) ? name : 'all';
}

export function startRouter(dispatch) {
  const sync = () => dispatch(setFilter(filterFromHash(window.location.hash)));
  window.addEventListener('hashchange', sync);
  sync();
}
