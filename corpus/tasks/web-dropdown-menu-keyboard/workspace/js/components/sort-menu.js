import { h } from '../utils/dom.js';

/** Fills the sort menu with one menuitemradio per option; `selected` is checked. */
export function renderSortOptions(menu, options, selected) {
  menu.replaceChildren(
    ...options.map((option) =>
      h('li', { role: 'menuitemradio', tabindex: '-1', 'data-sort': option.id, 'aria-checked': String(option.id === selected) }, option.label),
    ),
  );
}

/** Marks `id` as the checked option and shows its label on the trigger. */
export function selectSortOption(menu, label, options, id) {
  for (const item of menu.querySelectorAll('[role="menuitemradio"]')) {
    item.setAttribute('aria-checked', String(item.dataset.sort === id));
  }
  label.textContent = options.find((option) => option.id === id).label;
}
