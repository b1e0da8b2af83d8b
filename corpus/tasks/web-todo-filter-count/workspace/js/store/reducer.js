import { ADD_TODO, CLEAR_COMPLETED, REMOVE_TODO, SET_FILTER, TOGGLE_ALL, TOGGLE_TODO } from './actions.js';
import { nextId } from '../utils/id.js';

export const initialState = { todos: [], filter: 'all' };

function todosReducer(todos, action) {
  switch (action.type) {
    case ADD_TODO: {
      const title = action.title.trim();
      if (!title) return todos;
      return [...todos, { id: nextId(todos), title, completed: false }];
    }
    case TOGGLE_TODO:
      return todos.map((todo) => (todo.id === action.id ? { ...todo, completed: !todo.completed } : todo));
    case REMOVE_TODO:
      return todos.filter((todo) => todo.id !== action.id);
    case TOGGLE_ALL:
      return todos.map((todo) => (todo.completed === action.completed ? todo : { ...todo, completed: action.completed }));
    case CLEAR_COMPLETED:
      return todos.some((todo) => todo.completed) ? todos.filter((todo) => !todo.completed) : todos;
    default:
      return todos;
  }
}

export function reducer(state = initialState, action) {
  if (action.type === SET_FILTER) {
    return state.filter === action.filter ? state : { ...state, filter: action.filter };
  }
  const todos = todosReducer(state.todos, action);
  return todos === state.todos ? state : { ...state, todos };
}
