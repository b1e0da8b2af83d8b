import { clearCompleted } from '../store/actions.js';
import { selectCounts, selectFilter, selectTodos } from '../store/selectors.js';
import { h, replaceChildren } from '../utils/dom.js';
import { pluralize } from '../utils/pluralize.js';

const FILTER_LINKS = [
  { filter: 'all', href: '#/', label: 'All' },
  { filter: 'active', href: '#/active', label: 'Active' },
  { filter: 'completed', href: '#/completed', label: 'Completed' },
];

/** "N items left", the filter links and "Clear completed"; hidden while there are no todos. */
export function renderFooter(container, state, { dispatch }) {
  if (selectTodos(state).length === 0) {
    container.hidden = true;
    replaceChildren(container);
    return;
  }
  container.hidden = false;
  const { active, completed } = selectCounts(state);
  const current = selectFilter(state);
  replaceChildren(
    container,
    h('span', { class: 'todo-count', role: 'status' }, h('strong', {}, active), ` ${pluralize(active, 'item')} left`),
    h(
      'ul',
      { class: 'filters' },
      FILTER_LINKS.map(({ filter, href, label }) =>
        h('li', {}, h('a', { href, class: filter === current ? 'selected' : false, 'aria-current': filter === current ? 'page' : false }, label)),
      ),
    ),
    completed > 0 ? h('button', { class: 'clear-completed', type: 'button', onclick: () => dispatch(clearCompleted()) }, 'Clear completed') : null,
  );
}
