import { addTodo } from '../store/actions.js';
import { h, replaceChildren } from '../utils/dom.js';

/** Title and the "new todo" input; rendered once, it holds no state of its own. */
export function renderHeader(container, { dispatch }) {
  const input = h('input', {
    class: 'new-todo',
    placeholder: 'What needs to be done?',
    'aria-label': 'New todo',
    autofocus: true,
    onkeydown: (event) => {
      if (event.key !== 'Enter' || event.isComposing) return;
      dispatch(addTodo(input.value));
      input.value = '';
    },
  });
  replaceChildren(container, h('h1', {}, 'todos'), input);
}
