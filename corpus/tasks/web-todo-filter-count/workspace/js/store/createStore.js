/**
 * A minimal Redux-style store. Listeners run after every dispatch that
 * produced a new state object.
 */
export function createStore(reducer, preloadedState) {
  let state = preloadedState;
  const listeners = new Set();

  function getState() {
    return state;
  }

  function dispatch(action) {
    const next = reducer(state, action);
    if (next === state) return action;
    state = next;
    for (const listener of [...listeners]) listener();
    return action;
  }

  function subscribe(listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }

  return { getState, dispatch, subscribe };
}
