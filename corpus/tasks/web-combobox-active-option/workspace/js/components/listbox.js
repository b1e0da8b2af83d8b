import { h } from '../utils/dom.js';
import { optionId } from '../utils/ids.js';
import { splitMatch } from '../search/matchOptions.js';

/** Renders the shown options; the highlighted one gets aria-selected="true". */
export function renderListbox(listbox, state) {
  listbox.replaceChildren(
    ...state.options.map((option, index) => {
      const [before, match, after] = splitMatch(option.label, state.query);
      return h(
        'li',
        { id: optionId(listbox.id, index), role: 'option', 'aria-selected': String(index === state.activeIndex), 'data-index': index },
        before,
        match ? h('mark', {}, match) : null,
        after,
      );
    }),
  );
  listbox.hidden = !state.open || state.options.length === 0;
}
