import { h, setOptionalAttribute } from '../utils/dom.js';
import { comboboxIds, optionId } from '../utils/ids.js';
import { initialState, reduce } from '../state/comboboxState.js';
import { renderListbox } from './listbox.js';
import { statusText } from './status.js';

const KEY_ACTIONS = { ArrowDown: 'arrowDown', ArrowUp: 'arrowUp', Escape: 'escape' };

/**
 * Mounts an airport combobox into `field` (which already holds its <label>).
 * Calls `onPick(option | null)` whenever the picked airport changes.
 */
export function mountCombobox(field, { name, options, onPick }) {
  const ids = comboboxIds(name);
  const input = h('input', {
    id: ids.input,
    type: 'text',
    role: 'combobox',
    autocomplete: 'off',
    'aria-autocomplete': 'list',
    'aria-expanded': 'false',
    'aria-controls': ids.listbox,
  });
  const listbox = h('ul', { id: ids.listbox, role: 'listbox', 'aria-labelledby': ids.label, hidden: true });
  const status = h('p', { id: ids.status, class: 'combobox-status', role: 'status' });
  field.append(h('div', { class: 'combobox' }, input, listbox, status));

  let state = initialState(options);

  function render(previous) {
    if (input.value !== state.query) input.value = state.query;
    input.setAttribute('aria-expanded', String(state.open));
    setOptionalAttribute(input, 'aria-activedescendant', state.activeIndex >= 0 ? optionId(ids.listbox, state.activeIndex) : null);
    renderListbox(listbox, state);
    status.textContent = statusText(state);
    if (previous.picked !== state.picked) onPick(state.picked);
  }

  function dispatch(action) {
    const previous = state;
    state = reduce(state, action);
    render(previous);
  }

  input.addEventListener('input', () => dispatch({ type: 'input', query: input.value }));
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') {
      // Enter inside an open list picks an option; it must not submit the search form.
      if (state.open) event.preventDefault();
      dispatch({ type: 'enter' });
      return;
    }
    const type = KEY_ACTIONS[event.key];
    if (!type) return;
    event.preventDefault();
    dispatch({ type });
  });
  input.addEventListener('blur', () => dispatch({ type: 'close' }));
  // mousedown would blur the input (and close the list) before the click lands.
  listbox.addEventListener('mousedown', (event) => event.preventDefault());
  listbox.addEventListener('click', (event) => {
    const option = event.target.closest('[role="option"]');
    if (option) dispatch({ type: 'pickIndex', index: Number(option.dataset.index) });
  });

  return { input };
}
