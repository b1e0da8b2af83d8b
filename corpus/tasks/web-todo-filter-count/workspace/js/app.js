import { createStore } from './store/createStore.js';
import { reducer, initialState } from './store/reducer.js';
import { selectTodos } from './store/selectors.js';
import { startRouter } from './router.js';
import { renderHeader } from './views/header.js';
import { renderTodoList } from './views/todoList.js';
import { renderFooter } from './views/footer.js';

/**
 * Creates the store, renders every region on each state change and keeps the
 * filter in sync with the URL hash. `onChange` receives the todos after every
 * change so the caller can persist them.
 */
export function startApp(root, { initialTodos = [], onChange = () => {} } = {}) {
  const store = createStore(reducer, { ...initialState, todos: initialTodos });
  const dispatch = store.dispatch;

  renderHeader(root.header, { dispatch });

  const render = () => {
    const state = store.getState();
    renderTodoList(root.main, state, { dispatch });
    renderFooter(root.footer, state, { dispatch });
  };

  store.subscribe(render);
  store.subscribe(() => onChange(selectTodos(store.getState())));
  startRouter(dispatch);
  render();
  return store;
}
