import { h } from '../utils/dom.js';
import { MenuButton } from './menu-button.js';

const CARD_ACTIONS = [
  { action: 'edit', label: 'Edit card' },
  { action: 'advance', label: 'Move to next column' },
  { action: 'delete', label: 'Delete card' },
];

function cardMenu(card, onCardAction) {
  const menuId = `card-menu-${card.id}`;
  // A compact icon trigger; it gets the same keyboard support as the header buttons.
  const trigger = h(
    'span',
    { class: 'card__menu-trigger', id: `card-trigger-${card.id}`, role: 'button', tabindex: '0', 'aria-haspopup': 'menu', 'aria-expanded': 'false', 'aria-controls': menuId, 'aria-label': `More actions for ${card.title}` },
    '⋯',
  );
  const menu = h(
    'ul',
    { role: 'menu', id: menuId, 'aria-labelledby': trigger.id, hidden: '' },
    ...CARD_ACTIONS.map(({ action, label }) => h('li', { role: 'menuitem', tabindex: '-1', 'data-action': action }, label)),
  );
  const anchor = h('div', { class: 'menu-anchor' }, trigger, menu);
  return { anchor, attach: () => new MenuButton(trigger, { onSelect: (item) => onCardAction(card, item.dataset.action) }) };
}

function renderCard(card, onCardAction) {
  const menu = cardMenu(card, onCardAction);
  const element = h('li', { class: 'card', 'data-card': card.id }, h('h3', {}, card.title), h('p', { class: 'due' }, `Due ${card.due}`), menu.anchor);
  return { element, attach: menu.attach };
}

/** Renders the columns and their cards (filtered and sorted) into `root`. */
export function renderBoard(root, { columns, cards, compare, filter, onCardAction }) {
  const needle = filter.trim().toLowerCase();
  const visible = cards.filter((card) => card.title.toLowerCase().includes(needle)).sort(compare);
  const rendered = [];
  root.replaceChildren(
    ...columns.map((column) => {
      const items = visible.filter((card) => card.column === column.id).map((card) => renderCard(card, onCardAction));
      rendered.push(...items);
      return h('section', { class: 'column', 'data-column': column.id }, h('h2', {}, column.title), h('ol', {}, ...items.map((item) => item.element)));
    }),
  );
  for (const item of rendered) item.attach();
}
