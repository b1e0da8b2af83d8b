import { toggleAll } from '../store/actions.js';
import { selectCounts, selectTodos, selectVisibleTodos } from '../store/selectors.js';
import { h, replaceChildren } from '../utils/dom.js';
import { renderTodoItem } from './todoItem.js';

/** The "mark all" checkbox and the list for the current filter; hidden while there are no todos. */
export function renderTodoList(container, state, { dispatch }) {
  if (selectTodos(state).length === 0) {
    container.hidden = true;
    replaceChildren(container);
    return;
  }
  container.hidden = false;
  const { active } = selectCounts(state);
  const allDone = active === 0;
  replaceChildren(
    container,
    h('input', {
      id: 'toggle-all',
      class: 'toggle-all',
      type: 'checkbox',
      checked: allDone,
      onchange: () => dispatch(toggleAll(!allDone)),
    }),
    h('label', { class: 'toggle-all-label', for: 'toggle-all' }, 'Mark all as complete'),
    h('ul', { class: 'todo-list' }, selectVisibleTodos(state).map((todo) => renderTodoItem(todo, { dispatch }))),
  );
}
