import { renderBoard } from './components/board.js';
import { MenuButton } from './components/menu-button.js';
import { renderSortOptions, selectSortOption } from './components/sort-menu.js';
import { createStatus } from './components/status.js';
import { cards, COLUMNS, SORT_OPTIONS } from './data/cards.js';
import { qs } from './utils/dom.js';

const state = { cards: structuredClone(cards), sort: 'newest', filter: '' };
const status = createStatus(qs('#status'));
const boardRoot = qs('[data-board]');

function render() {
  renderBoard(boardRoot, {
    columns: COLUMNS,
    cards: state.cards,
    compare: SORT_OPTIONS.find((option) => option.id === state.sort).compare,
    filter: state.filter,
    onCardAction,
  });
}

function onCardAction(card, action) {
  if (action === 'advance') {
    const next = COLUMNS[COLUMNS.findIndex((column) => column.id === card.column) + 1];
    if (!next) {
      status.say(`"${card.title}" is already done`);
      return;
    }
    state.cards.find((c) => c.id === card.id).column = next.id;
    status.say(`Moved "${card.title}" to ${next.title}`);
  } else if (action === 'delete') {
    state.cards = state.cards.filter((c) => c.id !== card.id);
    status.say(`Deleted "${card.title}"`);
  } else {
    status.say(`Editing "${card.title}"`);
  }
  render();
}

const BOARD_ACTIONS = {
  rename: 'Renaming board…',
  duplicate: 'Board duplicated as "Q3 roadmap (copy)"',
  export: 'Exported 5 cards as CSV',
  archive: 'Board archived',
};

new MenuButton(qs('#actions-button'), { onSelect: (item) => status.say(BOARD_ACTIONS[item.dataset.action]) });

const sortMenu = qs('#sort-menu');
const sortLabel = qs('[data-sort-label]');
new MenuButton(qs('#sort-button'), {
  onSelect(item) {
    state.sort = item.dataset.sort;
    selectSortOption(sortMenu, sortLabel, SORT_OPTIONS, state.sort);
    render();
  },
});
renderSortOptions(sortMenu, SORT_OPTIONS, state.sort);

qs('#filter').addEventListener('input', (event) => {
  state.filter = event.target.value;
  render();
});
qs('#share').addEventListener('click', () => status.say('Link copied'));

render();
document.body.dataset.ready = 'true';
