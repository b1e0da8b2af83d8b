export const ADD_TODO = 'todos/add';
export const TOGGLE_TODO = 'todos/toggle';
export const REMOVE_TODO = 'todos/remove';
export const TOGGLE_ALL = 'todos/toggleAll';
export const CLEAR_COMPLETED = 'todos/clearCompleted';
export const SET_FILTER = 'filter/set';

export const addTodo = (title) => ({ type: ADD_TODO, title });
export const toggleTodo = (id) => ({ type: TOGGLE_TODO, id });
export const removeTodo = (id) => ({ type: REMOVE_TODO, id });
export const toggleAll = (completed) => ({ type: TOGGLE_ALL, completed });
export const clearCompleted = () => ({ type: CLEAR_COMPLETED });
export const setFilter = (filter) => ({ type: SET_FILTER, filter });
