import { targetIndex } from './keys.js';

/**
 * Roving tabindex for a group of items: exactly one item is in the Tab order
 * (tabindex 0), arrow keys, Home and End move focus between items.
 *
 * Returns a keydown handler for the caller to attach to the group's container.
 */
export function createRovingTabindex(items, { orientation = 'horizontal', wrap = true, initial = 0, onMove } = {}) {
  let current = initial;
  items.forEach((item, index) => {
    item.tabIndex = index === current ? 0 : -1;
  });

  function moveTo(index) {
    items[current].tabIndex = -1;
    items[index].tabIndex = 0;
    items[index].focus();
    current = index;
    onMove?.(index);
  }

  function onKeydown(event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    // Items can also be focused by mouse or script; move from the one the key was pressed on.
    const from = items.indexOf(event.target);
    if (from !== -1) current = from;
    const next = targetIndex(event.key, current, items.length, { orientation, wrap });
    if (next === null || items[next] === undefined) return;
    event.preventDefault();
    moveTo(next);
  }

  return { onKeydown, moveTo };
}
