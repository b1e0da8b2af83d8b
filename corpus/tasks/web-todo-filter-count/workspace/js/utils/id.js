/** Next numeric id: one more than the largest id in use, so ids survive reloads. */
export function nextId(todos) {
  return todos.reduce((max, todo) => Math.max(max, todo.id), 0) + 1;
}
