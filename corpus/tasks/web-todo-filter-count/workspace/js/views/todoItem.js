import { removeTodo, toggleTodo } from '../store/actions.js';
import { h } from '../utils/dom.js';

export function renderTodoItem(todo, { dispatch }) {
  return h(
    'li',
    { class: todo.completed ? 'completed' : false, 'data-id': todo.id },
    h('input', {
      class: 'toggle',
      type: 'checkbox',
      checked: todo.completed,
      'aria-label': `Toggle ${todo.title}`,
      onchange: () => dispatch(toggleTodo(todo.id)),
    }),
    h('label', {}, todo.title),
    h('button', { class: 'destroy', type: 'button', 'aria-label': `Delete ${todo.title}`, onclick: () => dispatch(removeTodo(todo.id)) }, '×'),
  );
}
