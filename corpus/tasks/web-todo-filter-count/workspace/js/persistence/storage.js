const KEY = 'tidy-todos/v1';

/** Saved todos, or an empty list when storage is unavailable or holds garbage. */
export function loadTodos() {
  try {
    const parsed = JSON.parse(window.localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isTodo) : [];
  } catch {
    return [];
  }
}

export function saveTodos(todos) {
  try {
    window.localStorage.setItem(KEY, JSON.stringify(todos));
  } catch {
    // Private mode or quota exceeded: the list still works for this session.
  }
}

function isTodo(value) {
  return value && typeof value.id === 'number' && typeof value.title === 'string' && typeof value.completed === 'boolean';
}
