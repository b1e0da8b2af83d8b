/** Predicates for the three list filters, keyed by the name used in the URL hash. */
export const FILTERS = {
  all: () => true,
  active: (todo) => !todo.completed,
  completed: (todo) => todo.completed,
};

export const selectTodos = (state) => state.todos;
export const selectFilter = (state) => state.filter;

/** The todos shown in the list for the current filter. */
export function selectVisibleTodos(state) {
  const predicate = FILTERS[state.filter] ?? FILTERS.all;
  return state.todos.filter(predicate);
}

/**
 * Counts for the footer and the "mark all" checkbox: how many todos are still
 * to do and how many are done. They cover every todo, not only the visible
 * ones, so they do not change when the user switches filters.
 */
export function selectCounts(state) {
  const todos = selectTodos(state);
  const completed = todos.filter(FILTERS.completed).length;
  return { total: todos.length, active: todos.length - completed, completed };
}
