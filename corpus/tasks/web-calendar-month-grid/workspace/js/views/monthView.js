import { h } from '../utils/dom.js';
import { buildMonthGrid } from '../calendar/monthGrid.js';
import { WEEKDAY_HEADERS, dayLabel, monthTitle } from '../calendar/labels.js';
import { parseIsoDate } from '../calendar/dates.js';
import { eventChip } from './eventChip.js';

function dayCell(iso, eventsByDay, selected) {
  if (iso === null) return h('td', {});
  return h(
    'td',
    { 'data-date': iso, 'aria-label': dayLabel(iso), class: iso === selected ? 'selected' : null },
    h('span', { class: 'day-number' }, parseIsoDate(iso).day),
    (eventsByDay.get(iso) ?? []).map(eventChip),
  );
}

export function renderMonthView(container, month, { eventsByDay, selected }) {
  container.replaceChildren(
    h(
      'table',
      { class: 'month-grid', role: 'grid', 'aria-label': monthTitle(month) },
      h('thead', {}, h('tr', {}, WEEKDAY_HEADERS.map((name) => h('th', { scope: 'col' }, name)))),
      h('tbody', {}, buildMonthGrid(month).map((week) => h('tr', {}, week.map((iso) => dayCell(iso, eventsByDay, selected))))),
    ),
  );
}
