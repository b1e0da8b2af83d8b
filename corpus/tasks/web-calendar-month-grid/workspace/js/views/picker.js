import { h } from '../utils/dom.js';
import { buildMonthGrid } from '../calendar/monthGrid.js';
import { WEEKDAY_HEADERS, dayLabel, monthTitle } from '../calendar/labels.js';
import { parseIsoDate } from '../calendar/dates.js';

/** The sidebar month picker: same month as the main view, one button per day. */
export function renderPicker(container, month, { selected, onPick }) {
  const cell = (iso) => {
    if (iso === null) return h('td', {});
    const button = h('button', { type: 'button', tabindex: iso === selected ? 0 : -1 }, parseIsoDate(iso).day);
    button.addEventListener('click', () => onPick(iso));
    return h('td', { 'data-date': iso, 'aria-label': dayLabel(iso), class: iso === selected ? 'selected' : null }, button);
  };
  container.replaceChildren(
    h(
      'table',
      { class: 'picker', 'aria-label': `Pick a date, ${monthTitle(month)}` },
      h('thead', {}, h('tr', {}, WEEKDAY_HEADERS.map((name) => h('th', { scope: 'col', abbr: name }, name.slice(0, 2))))),
      h('tbody', {}, buildMonthGrid(month).map((week) => h('tr', {}, week.map(cell)))),
    ),
  );
}
