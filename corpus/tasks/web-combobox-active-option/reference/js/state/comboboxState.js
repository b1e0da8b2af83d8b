import { matchOptions } from '../search/matchOptions.js';

/**
 * Combobox state as a pure reducer, so keyboard behaviour can be reasoned about apart from
 * the DOM. `options` are the options currently shown, `activeIndex` indexes into them
 * (-1: nothing highlighted), `picked` is the last picked option.
 */
export function initialState(all) {
  return { all, query: '', options: matchOptions(all, ''), open: false, activeIndex: -1, picked: null };
}

/** New text: new options, no highlight, and the list is open only if there is something to show. */
function withQuery(state, query) {
  const options = matchOptions(state.all, query);
  return { ...state, query, options, open: query.trim() !== '' && options.length > 0, activeIndex: -1 };
}

function pick(state, option) {
  if (!option) return state;
  return { ...withQuery(state, option.label), picked: option, open: false };
}

/** Moves the highlight by `step` through the shown options, wrapping at both ends. */
function moveHighlight(state, step) {
  const count = state.options.length;
  const from = state.activeIndex < 0 ? (step > 0 ? -1 : count) : state.activeIndex;
  return { ...state, activeIndex: (from + step + count) % count };
}

export function reduce(state, action) {
  switch (action.type) {
    case 'input':
      return withQuery(state, action.query);

    case 'arrowDown':
      if (!state.open) return { ...state, open: state.options.length > 0, activeIndex: state.options.length > 0 ? 0 : -1 };
      return moveHighlight(state, 1);

    case 'arrowUp':
      if (!state.open) return state;
      return moveHighlight(state, -1);

    case 'enter':
      if (!state.open || state.activeIndex < 0) return state;
      return pick(state, state.options[state.activeIndex]);

    case 'pickIndex':
      return pick(state, state.options[action.index]);

    case 'escape':
      if (state.open) return { ...state, open: false, activeIndex: -1 };
      return { ...withQuery(state, ''), picked: null };

    case 'close':
      return { ...state, open: false, activeIndex: -1 };

    default:
      return state;
  }
}
