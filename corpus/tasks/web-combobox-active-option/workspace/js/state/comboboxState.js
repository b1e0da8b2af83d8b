import { matchOptions } from '../search/matchOptions.js';

/**
 * Combobox state as a pure reducer, so keyboard behaviour can be reasoned about apart from
 * the DOM. `options` are the options currently shown, `activeIndex` indexes into them
 * (-1: nothing highlighted), `picked` is the last picked option.
 */
export function initialState(all) {
  return { all, query: '', options: matchOptions(all, ''), open: false, activeIndex: -1, picked: null };
}

function pick(state, option) {
  if (!option) return state;
  return { ...state, picked: option, query: option.label, options: matchOptions(state.all, option.label), open: false, activeIndex: -1 };
}

export function reduce(state, action) {
  switch (action.type) {
    case 'input':
      return { ...state, query: action.query, options: matchOptions(state.all, action.query), open: action.query.trim() !== '' };

    case 'arrowDown':
      if (!state.open) return { ...state, open: state.options.length > 0, activeIndex: state.options.length > 0 ? 0 : -1 };
      return { ...state, activeIndex: Math.min(state.activeIndex + 1, state.options.length - 1) };

    case 'arrowUp':
      if (!state.open) return state;
      return { ...state, activeIndex: Math.max(state.activeIndex - 1, 0) };

    case 'enter':
      if (!state.open || state.activeIndex < 0) return state;
      return pick(state, state.all[state.activeIndex]);

    case 'pickIndex':
      return pick(state, state.options[action.index]);

    case 'escape':
      if (state.open) return { ...state, open: false, activeIndex: -1 };
      return { ...state, query: '', options: matchOptions(state.all, ''), picked: null };

    case 'close':
      return { ...state, open: false, activeIndex: -1 };

    default:
      return state;
  }
}
